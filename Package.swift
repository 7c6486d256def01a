// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "TopLock",
  products: [
    .library(name: "TopLock", targets: ["TopLock"]),
    .library(name: "CTopLockGtk", targets: ["CTopLockGtk"]),
    .executable(name: "toplock-demo", targets: ["TopLockDemo"]),
  ],
  targets: [
    .systemLibrary(
      name: "CTopLockGtk",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    .systemLibrary(
      name: "CTopLockGdkX11",
      pkgConfig: "gtk4-x11 x11",
      providers: [.apt(["libgtk-4-dev", "libx11-dev"])]
    ),
    .systemLibrary(
      name: "CTopLockXTest",
      pkgConfig: "xtst",
      providers: [.apt(["libxtst-dev"])]
    ),
    // libadwaita for the container tests only (TopLockAdwaitaSupport); never a dependency of TopLock or its demo.
    .systemLibrary(
      name: "CTopLockAdwaita",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libadwaita-1-dev"])]
    ),
    .systemLibrary(
      name: "CTopLockWaylandClient",
      pkgConfig: "wayland-client",
      providers: [.apt(["libwayland-dev"])]
    ),
    // wayland-scanner's C for the wlroots virtual-pointer protocol, from the XML beside it (regenerate.sh).
    .target(
      name: "CTopLockWaylandPointer", dependencies: ["CTopLockWaylandClient"],
      exclude: ["virtual-pointer-unstable-v1.xml", "regenerate.sh"]
    ),
    .target(name: "CTopLock", dependencies: ["CTopLockGtk"]),
    .target(name: "TopLockCore"),
    .target(name: "TopLockRandom"),
    .target(name: "TopLockGObject", dependencies: ["CTopLock", "CTopLockGtk"]),
    .target(name: "TopLockX11Geometry", dependencies: ["TopLockGObject", "CTopLockGtk", "CTopLockGdkX11"]),
    .target(
      name: "TopLock", dependencies: ["TopLockCore", "TopLockGObject", "CTopLock", "CTopLockGtk"]
    ),
    .target(
      name: "TopLockTestSupport",
      dependencies: [
        "TopLockGObject", "TopLockX11Geometry", "CTopLock", "CTopLockGtk", "CTopLockGdkX11", "CTopLockXTest",
        "CTopLockWaylandPointer",
      ]
    ),
    .executableTarget(
      name: "TopLockDemo",
      dependencies: ["TopLock", "TopLockGObject", "TopLockX11Geometry", "CTopLock", "CTopLockGtk"],
      // The stylesheet's source of truth is resources/toplock-demo.css; SwiftPM compiles it into the binary
      // (`PackageResources.toplock_demo_css`), so `swift run`, `make demo` and an installed copy all find it.
      resources: [.embedInCode("../../resources/toplock-demo.css")]
    ),
    // The invariant monitor of the gesture fuzz, shared by TopLockTests and the touch fixture (it needs TopLock,
    // which TopLockTestSupport must not depend on).
    .target(
      name: "TopLockTestInvariants",
      dependencies: ["TopLock", "TopLockGObject", "TopLockTestSupport", "CTopLockGtk"]
    ),
    // A list placed in a libadwaita container, for the container tests and the touch fixture (never a dependency
    // of TopLock, its demo, or TopLockTestSupport, which the bench links).
    .target(
      name: "TopLockAdwaitaSupport",
      dependencies: ["TopLockTestSupport", "CTopLockAdwaita", "CTopLockGtk"]
    ),
    // GTK's variadic accessible test checks, for the touch fixture's accessibility tests only.
    .target(name: "CTopLockAccessibleCheck", dependencies: ["CTopLockGtk"]),
    // The GTK side of the touch tests, on a Broadway display; started by TopLockTests, not a product.
    .executableTarget(
      name: "TopLockTouchFixture",
      dependencies: [
        "TopLock", "TopLockGObject", "TopLockTestSupport", "CTopLockGtk", "TopLockTestInvariants",
        "TopLockAdwaitaSupport", "CTopLockAccessibleCheck",
      ]
    ),
    // toplock-bench (`make bench`), sources in Benchmarks/: no product, so that no user of TopLock builds it.
    .target(name: "CTopLockAllocCounter", path: "Benchmarks/Sources/CTopLockAllocCounter"),
    // Callgrind's client requests for `scale-instructions` (valgrind's headers, when installed).
    .target(name: "CTopLockCallgrind", path: "Benchmarks/Sources/CTopLockCallgrind"),
    .executableTarget(
      name: "toplock-bench",
      dependencies: [
        "TopLock", "TopLockCore", "TopLockGObject", "TopLockTestSupport", "TopLockX11Geometry",
        "TopLockRandom", "CTopLockGtk", "CTopLockAllocCounter", "CTopLockCallgrind",
      ],
      path: "Benchmarks/Sources/TopLockBench"
    ),
    .testTarget(name: "TopLockCoreTests", dependencies: ["TopLockCore", "TopLockRandom"]),
    .testTarget(
      name: "TopLockDemoTests",
      dependencies: ["TopLockDemo", "CTopLockXTest", "TopLockTestSupport", "CTopLockGtk"]),
    .testTarget(
      name: "TopLockTests",
      dependencies: [
        "TopLock", "TopLockGObject", "TopLockTestSupport", "TopLockX11Geometry", "TopLockRandom",
        "CTopLockGtk", "TopLockTouchFixture", "TopLockTestInvariants", "CTopLockAdwaita",
        "TopLockAdwaitaSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
