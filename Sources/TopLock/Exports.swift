@_exported import TopLockCore
@_spi(Engine) import TopLockCore
