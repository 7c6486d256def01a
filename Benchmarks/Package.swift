// swift-tools-version: 6.2
import PackageDescription

// `toplock-bench`, measuring TopLock against its budgets (`make bench`). A package of its own, so that no
// user of TopLock builds or sees it: it uses TopLock by path, through the products the root package offers
// "for Benchmarks/". `make test` builds it, so it cannot rot.
let package = Package(
  name: "TopLockBenchmarks",
  products: [
    .executable(name: "toplock-bench", targets: ["TopLockBench"])
  ],
  // `name:` so that the products below resolve whatever the checkout directory is called.
  dependencies: [.package(name: "TopLock", path: "..")],
  targets: [
    .target(name: "CTopLockAllocCounter"),
    .executableTarget(
      name: "TopLockBench",
      dependencies: [
        .product(name: "TopLock", package: "TopLock"),
        .product(name: "TopLockCore", package: "TopLock"),
        .product(name: "TopLockGObject", package: "TopLock"),
        .product(name: "TopLockTestSupport", package: "TopLock"),
        .product(name: "TopLockRandom", package: "TopLock"),
        .product(name: "CTopLockGtk", package: "TopLock"),
        "CTopLockAllocCounter",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
