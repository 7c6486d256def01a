# The two commands a new user types: `make demo` and `make test`. Each installs what is missing first.
SWIFT ?= swift
XVFB_RUN = xvfb-run -a
GTK_TEST_ENV = GDK_BACKEND=x11 GTK_A11Y=none G_DEBUG=fatal-criticals
EXAMPLE = Examples/ConsumerApp
CGTK_EXAMPLE = Examples/CGtkApp
FORMATTED = Package.swift Sources Tests $(EXAMPLE)/Package.swift $(EXAMPLE)/Sources \
  $(CGTK_EXAMPLE)/Package.swift $(CGTK_EXAMPLE)/Sources

.PHONY: demo demo-check test test-this-gtk build lint deps-build deps-test example public-api cgtk-example docs install validate-data

deps-build:
	@bash scripts/install-deps build

deps-test:
	@bash scripts/install-deps test

build: deps-build
	$(SWIFT) build

demo: build
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  echo "make demo: no display (DISPLAY and WAYLAND_DISPLAY are empty); run it in a desktop session" >&2; \
	  exit 1; \
	fi
	$(SWIFT) run toplock-demo $(DEMO_FLAGS)

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

# `make test` proves every rule on each GTK version TopLock supports (scripts/test-gtk): GTK 4.8 (Debian 12),
# 4.18 (Debian 13) and 4.24 (Debian sid), the ones not this machine's in Debian roots that scripts/gtk-root makes
# once (debootstrap; in /var/cache/toplock/roots, or $$TOPLOCK_ROOTS) and reuses. `make test GTK=4.18` runs one.
# Lint runs once; everything else runs on each version: `make test-this-gtk` is this machine's GTK alone.
GTK ?= all

test: lint
	@bash scripts/test-gtk $(GTK)

# The libadwaita container tests run last, alone in a process of their own: adw_init() restyles every widget
# of the process after it, and the other suites measure GTK's own style.
ADWAITA_SUITE = AdwaitaContainerTests

test-this-gtk: deps-test validate-data example public-api cgtk-example bench-build demo-check
	$(XVFB_RUN) env $(GTK_TEST_ENV) $(SWIFT) test --skip $(ADWAITA_SUITE)
	$(XVFB_RUN) env $(GTK_TEST_ENV) TOPLOCK_TEST_LIBADWAITA=1 $(SWIFT) test --filter $(ADWAITA_SUITE)

# `make demo` as a user types it, on a virtual X server: the demo must start and print its ready line.
demo-check: deps-test
	@log="$$(mktemp)"; \
	$(XVFB_RUN) env GDK_BACKEND=x11 GTK_A11Y=none $(MAKE) --no-print-directory demo \
	  DEMO_FLAGS="--trace --quit-after 2" >"$$log" 2>&1; status=$$?; \
	if [ "$$status" -ne 0 ] || ! grep -q '"ready"' "$$log"; then \
	  cat "$$log" >&2; echo "make demo-check: make demo exited $$status, ready line: $$(grep -c '"ready"' "$$log")" >&2; \
	  rm -f "$$log"; exit 1; \
	fi; \
	rm -f "$$log"; echo "make demo-check: make demo started the demo, which printed its ready line"

# Builds the consumer example as a separate package (TopLock by path) and runs it for a second. Then checks its
# command line: a missing or bad --quit-after value, or a stray argument, is one line on standard error and exit
# status 2, found before GTK starts (no display needed).
EXAMPLE_BAD_ARGUMENTS = "--quit-after" "--quit-after soon" "--quit-after 0" "--quit-after -1" "--quit-after 1 stray"

example: deps-test
	cd $(EXAMPLE) && $(SWIFT) build
	$(XVFB_RUN) env $(GTK_TEST_ENV) "$$(cd $(EXAMPLE) && $(SWIFT) build --show-bin-path)/ConsumerApp" --quit-after 1
	@app="$$(cd $(EXAMPLE) && $(SWIFT) build --show-bin-path)/ConsumerApp"; \
	for arguments in $(EXAMPLE_BAD_ARGUMENTS); do \
	  errors="$$(env -u DISPLAY -u WAYLAND_DISPLAY "$$app" $$arguments 2>&1 >/dev/null)"; status=$$?; \
	  lines="$$(printf '%s\n' "$$errors" | wc -l)"; \
	  if [ "$$status" -ne 2 ] || [ -z "$$errors" ] || [ "$$lines" -ne 1 ]; then \
	    echo "make example: ConsumerApp $$arguments: status $$status, not 2 with one line: $$errors" >&2; \
	    exit 1; \
	  fi; \
	  echo "ConsumerApp $$arguments: status 2, $$errors"; \
	done

# What `import TopLock` gives an app, against the modules the example built: the README's library lines
# compile, the app's API is in reach and no engine type is (scripts/check-public-api).
public-api: example
	@bash scripts/check-public-api

# Builds the example whose own GTK module is `CGtk` (TopLock by path, its `CTopLockGtk` beside it) and runs it
# for a second: both system-library modules over gtk/gtk.h in one program.
cgtk-example: deps-test
	cd $(CGTK_EXAMPLE) && $(SWIFT) build
	$(XVFB_RUN) env $(GTK_TEST_ENV) "$$(cd $(CGTK_EXAMPLE) && $(SWIFT) build --show-bin-path)/CGtkApp" --quit-after 1

# DocC archives of TopLock and TopLockCore in docs/api/.
docs: deps-build
	bash scripts/build-docs

# The desktop entry and AppStream metainfo must pass their validators (desktop-file-utils, appstream).
DESKTOP_FILE = resources/io.github.toplock.Demo.desktop
METAINFO_FILE = resources/io.github.toplock.Demo.metainfo.xml
ICON_FILE = resources/io.github.toplock.Demo.svg

validate-data: deps-test
	desktop-file-validate $(DESKTOP_FILE)
	appstreamcli validate --no-net $(METAINFO_FILE)

# Installs the release build of toplock-demo (its stylesheet is compiled in), its desktop entry, metainfo and
# icon under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local

install: deps-build
	$(SWIFT) build -c release --product toplock-demo
	install -Dm755 "$$($(SWIFT) build -c release --show-bin-path)/toplock-demo" "$(DESTDIR)$(PREFIX)/bin/toplock-demo"
	install -Dm644 $(DESKTOP_FILE) "$(DESTDIR)$(PREFIX)/share/applications/io.github.toplock.Demo.desktop"
	install -Dm644 $(METAINFO_FILE) "$(DESTDIR)$(PREFIX)/share/metainfo/io.github.toplock.Demo.metainfo.xml"
	install -Dm644 $(ICON_FILE) "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/io.github.toplock.Demo.svg"

# `make bench`: every toplock-bench mode, release build, GTK modes under a virtual X server (a few minutes), on
# this machine's GTK. Results in bench-results/<UTC time>/ (bench-results/latest is the newest), and nowhere
# else: it ends with the verdict block, one line per budget. `make bench GTK=4.18` (4.8, 4.24, or all) runs it
# on that version, in its Debian root when not this machine's (scripts/bench-gtk, scripts/gtk-root), and copies
# the results back to bench-results/<UTC time>-gtk-4.18/. `make bench-publish` copies the last run's summary and frame plot to
# docs/benchmarks/ and its generated parts into BENCHMARKS.md and README.md's benchmark headline; and the newest
# run of each other version, its summary to docs/benchmarks/gtk-4.18-summary.* and its verdict block to BENCHMARKS.md.
# Debian's python3-matplotlib draws the plot, so the scripts run under Debian's own interpreter.
# BENCH_FRAMES_OPTIONS adds options to the frames mode ("--cycles 8": tighter figures, twice as long).
BENCH_PYTHON ?= /usr/bin/python3
BENCH_FRAMES_OPTIONS ?=

.PHONY: bench bench-this-gtk bench-publish bench-build deps-bench

deps-bench:
	@bash scripts/install-deps bench

bench:
	@bash scripts/bench-gtk $(if $(filter file,$(origin GTK)),this,$(GTK))

bench-this-gtk: deps-bench
	$(SWIFT) build -c release --product toplock-bench
	$(SWIFT) build -c release --product toplock-demo
	SWIFT="$(SWIFT)" PYTHON="$(BENCH_PYTHON)" FRAMES_OPTIONS="$(BENCH_FRAMES_OPTIONS)" \
	  bash scripts/run-bench "$$($(SWIFT) build -c release --show-bin-path)" \
	  "$$($(SWIFT) build -c release --show-bin-path)"

bench-publish:
	$(BENCH_PYTHON) scripts/bench-summary.py --publish bench-results/latest

# toplock-bench is an executable target of this package with no product (its sources in Benchmarks/), so that
# no user of TopLock builds it. `make test-this-gtk` builds it (debug) so that a change to TopLock cannot break
# it unseen, and lints its sources.
FORMATTED += Benchmarks/Sources

bench-build: deps-test
	$(SWIFT) build --product toplock-bench

# The gesture fuzz test at length (GestureFuzzTests): SOAK_SEQUENCES sequences (10,000), every one of them
# however long that takes, and it fails if fewer ran. `make soak SOAK_SECONDS=N` asks for a time-bounded run
# instead: no sequence starts after N s, the run reports how many ran and does not fail for running fewer.
# The run's seed is printed; TOPLOCK_FUZZ_SEED=... replays the run. One sequence in four is touch on the Broadway
# touch fixture, half of those with two or three fingers (FuzzInput), as in `make test`'s 200.
SOAK_SEQUENCES ?= 10000
SOAK_SECONDS ?=

.PHONY: soak memcheck

soak: deps-test
	$(XVFB_RUN) env $(GTK_TEST_ENV) TOPLOCK_FUZZ_SEQUENCES=$(SOAK_SEQUENCES) TOPLOCK_FUZZ_SECONDS=$(SOAK_SECONDS) \
	  $(SWIFT) test --filter GestureFuzzTests

# A scripted session under valgrind memcheck; fails on a definitely lost block through TopLock's code.
memcheck:
	@bash scripts/install-deps memcheck
	SWIFT=$(SWIFT) bash scripts/memcheck
