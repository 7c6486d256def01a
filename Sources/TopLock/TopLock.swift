@_exported import TopLockCore
