# The two commands a new user types: `make demo` and `make test`. Each installs what is missing first.
SWIFT ?= swift
XVFB_RUN = xvfb-run -a
GTK_TEST_ENV = GDK_BACKEND=x11 GTK_A11Y=none G_DEBUG=fatal-criticals
FORMATTED = Package.swift Sources Tests

.PHONY: demo test build lint deps-build deps-test

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
	$(SWIFT) run toplock-demo

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

test: deps-test lint
	$(XVFB_RUN) env $(GTK_TEST_ENV) $(SWIFT) test

# The gesture fuzz test at length (GestureFuzzTests): 10,000 sequences, stopping by itself after
# SOAK_SECONDS whatever the count. The run's seed is printed; TOPLOCK_FUZZ_SEED=... replays the run.
SOAK_SEQUENCES ?= 10000
SOAK_SECONDS ?= 14400

.PHONY: soak memcheck

soak: deps-test
	$(XVFB_RUN) env $(GTK_TEST_ENV) TOPLOCK_FUZZ_SEQUENCES=$(SOAK_SEQUENCES) TOPLOCK_FUZZ_SECONDS=$(SOAK_SECONDS) \
	  $(SWIFT) test --filter GestureFuzzTests

# A scripted session under valgrind memcheck; fails on a definitely lost block through TopLock's code.
memcheck:
	@bash scripts/install-deps memcheck
	SWIFT=$(SWIFT) bash scripts/memcheck
