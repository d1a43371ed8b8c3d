# Cowpoke: the two commands a person needs are `make run` and `make test`.
# Both install the Debian packages they need on first use (with sudo when not root).

GO        ?= go
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Ebitengine loads X11 and GL at run time; no cgo headers are needed.
RUN_PKGS  := libgl1 libgl1-mesa-dri libx11-6 libxcursor1 libxext6 libxi6 libxinerama1 libxrandr2 libxrender1
TEST_PKGS := $(RUN_PKGS) xvfb xauth
XVFB      := xvfb-run -a -s "-screen 0 1280x800x24"

.PHONY: run test deps-run deps-test build bench fuzz soak soak-scene

# install-missing PACKAGES...: apt-get installs only what dpkg does not already have.
define install-missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps-run:
	$(call install-missing,$(RUN_PKGS))

deps-test:
	$(call install-missing,$(TEST_PKGS))

build:
	$(GO) build -o bin/cowpoke ./cmd/cowpoke

run: deps-run
	$(GO) run ./cmd/cowpoke

test: deps-test
	@unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(XVFB) $(GO) test -race ./...

# Benchmarks for the speed and memory bars recorded in the package READMEs.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Long sessions that `make test` does not run (it runs only the seed corpora).
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzLoad -fuzztime 10m ./game/board/
	$(GO) test -run '^$$' -fuzz FuzzLoad -fuzztime 10m ./game/

# The full property run: 2,000 random matches under the race detector.
soak:
	COWPOKE_PROPERTY_MATCHES=2000 $(GO) test -race -count=1 -run TestPropertyRandomMatches -timeout 90m -v ./game/

# The battle screen's long session: 20,000 frames of synthetic play with
# repaints; the resident set may grow by at most 20 MB (scene/README.md).
soak-scene: deps-test
	COWPOKE_SOAK_FRAMES=20000 $(XVFB) $(GO) test -count=1 -v -run TestLongSessionMemory -timeout 60m ./scene/
