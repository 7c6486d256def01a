import TopLock
