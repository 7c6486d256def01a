#!/bin/sh
# Regenerates this target's C from virtual-pointer-unstable-v1.xml with wayland-scanner (package
# libwayland-bin). Run from anywhere; commit the two outputs.
set -eu
cd "$(dirname "$0")"
wayland-scanner client-header virtual-pointer-unstable-v1.xml include/virtual-pointer-client.h
wayland-scanner private-code virtual-pointer-unstable-v1.xml virtual-pointer-protocol.c
