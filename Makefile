# Cowpoke: the two commands a person needs are `make run` and `make test`.
# Both install the Debian packages they need on first use (with sudo when not root).

GO        ?= go
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Ebitengine loads X11 and GL at run time; no cgo headers are needed.
RUN_PKGS  := libgl1 libgl1-mesa-dri libx11-6 libxcursor1 libxext6 libxi6 libxinerama1 libxrandr2 libxrender1
TEST_PKGS := $(RUN_PKGS) xvfb xauth qemu-user-static
XVFB      := xvfb-run -a -s "-screen 0 1280x800x24"

.PHONY: run test test-cpus deps-run deps-test build bench fuzz soak

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
	@$(MAKE) --no-print-directory test-cpus

# The CPUs a save must replay on besides this one (a save is f(scenario,
# seed, commands): same bits everywhere). For each, the golden saves are
# replayed (TestGoldenSaves: state hash and event log byte for byte) and
# game/detmath's bits are checked. Only those two test binaries are built.
# A binary runs natively when this machine can run it (386 needs a kernel
# with 32-bit support; GOAMD64=v3 needs AVX2, BMI and FMA, which the binary
# checks itself at start), else under Debian's qemu user emulation (386
# with asynchronous preemption off: qemu-i386 mishandles Go's preemption
# signal; v3 with -cpu max, which has FMA).
CPUS := 386:GOARCH=386:qemu-i386-static arm64:GOARCH=arm64:qemu-aarch64-static v3:GOAMD64=v3:qemu-x86_64-static
test-cpus:
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; failed=""; \
	for cpu in $(CPUS); do \
		name=$${cpu%%:*}; rest=$${cpu#*:}; env=$${rest%%:*}; qemu=$${rest#*:}; \
		for pkg in game game/detmath; do \
			bin=$$tmp/$$(echo $$pkg | tr / -)-$$name.test; \
			env $$env $(GO) test -c -o $$bin ./$$pkg || exit 1; \
			if $$bin -test.list NONE >/dev/null 2>&1; then how=natively; run=""; \
			else how="under $$qemu"; run="$$qemu"; [ $$name = v3 ] && run="$$run -cpu max"; fi; \
			echo "$$pkg on $$name ($$how)"; \
			(cd $$pkg && GODEBUG=asyncpreemptoff=1 $$run $$bin -test.run '^(TestGoldenSaves|TestSameBitsEverywhere)$$') \
				|| failed="$$failed $$pkg on $$name,"; \
		done; \
	done; \
	if [ -n "$$failed" ]; then echo "FAIL: a save does not replay the same on every CPU:$${failed%,}"; exit 1; fi

# Benchmarks for the speed and memory bars recorded in the package READMEs.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Long sessions that `make test` does not run (it runs only the seed corpora):
# every fuzz target in the repo, one after another, FUZZTIME each (figures in
# the package READMEs). `make fuzz FUZZTIME=2m` for a shorter pass.
FUZZTIME ?= 10m
fuzz:
	@set -e; for file in $$(grep -rl --include='*_test.go' '^func Fuzz' . | sort); do \
		dir=./$$(dirname $${file#./}); \
		for target in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$file); do \
			echo "== $$dir $$target ($(FUZZTIME))"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s $$dir; \
		done; \
	done

# The full property run: 2,000 random matches under the race detector;
# then 2,000 for each of the seeds' initiative methods and options, without
# it (16,000 matches: under -race they would take hours on two cores).
soak:
	COWPOKE_PROPERTY_MATCHES=2000 $(GO) test -race -count=1 -run 'TestPropertyRandomMatches$$' -timeout 90m -v ./game/
	COWPOKE_PROPERTY_MATCHES=2000 $(GO) test -count=1 -run 'TestPropertyRandomMatchesByMethod$$' -timeout 180m -v ./game/
