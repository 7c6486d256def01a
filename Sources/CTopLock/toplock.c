#include "toplock.h"
