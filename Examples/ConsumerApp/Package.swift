// swift-tools-version: 6.2
import PackageDescription

// An app that uses TopLock as a dependency, the way any GTK Swift app would (by URL; here by path).
let package = Package(
  name: "ConsumerApp",
  dependencies: [.package(name: "TopLock", path: "../..")],
  targets: [
    .executableTarget(
      name: "ConsumerApp",
      dependencies: [
        .product(name: "TopLock", package: "TopLock"),
        .product(name: "CTopLockGtk", package: "TopLock"),
      ],
      resources: [.copy("window.ui")]
    )
  ],
  swiftLanguageModes: [.v6]
)
