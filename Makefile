# The two commands a new user types: `make demo` and `make test`. Each installs what is missing first.
SWIFT ?= swift
XVFB_RUN = xvfb-run -a
GTK_TEST_ENV = GDK_BACKEND=x11 GTK_A11Y=none G_DEBUG=fatal-criticals
EXAMPLE = Examples/ConsumerApp
FORMATTED = Package.swift Sources Tests $(EXAMPLE)/Package.swift $(EXAMPLE)/Sources

.PHONY: demo test build lint deps-build deps-test example docs

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

test: deps-test lint example
	$(XVFB_RUN) env $(GTK_TEST_ENV) $(SWIFT) test

# Builds the consumer example as a separate package (TopLock by path) and runs it for a second.
example: deps-test
	cd $(EXAMPLE) && $(SWIFT) build
	$(XVFB_RUN) env $(GTK_TEST_ENV) "$$(cd $(EXAMPLE) && $(SWIFT) build --show-bin-path)/ConsumerApp" --quit-after 1

# DocC archives of TopLock and TopLockCore in docs/api/.
docs: deps-build
	bash scripts/build-docs
