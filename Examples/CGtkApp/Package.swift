// swift-tools-version: 6.2
import PackageDescription

// An app whose own GTK binding is a system-library module named `CGtk` over `gtk/gtk.h`, as Swift GTK bindings
// have, using TopLock beside it (by URL in a real app; here by path). TopLock's module over the same header is
// `CTopLockGtk`, so the two coexist in one program: the app passes its `CGtk` pointers to TopLock's API.
let package = Package(
  name: "CGtkApp",
  dependencies: [.package(name: "TopLock", path: "../..")],
  targets: [
    .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .executableTarget(
      name: "CGtkApp",
      dependencies: ["CGtk", .product(name: "TopLock", package: "TopLock")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
