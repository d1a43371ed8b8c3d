# Cowpoke: the two commands a person needs are `make run` and `make test`.
# Both install the Debian packages they need on first use (with sudo when not root).

GO        ?= go
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Ebitengine loads X11 and GL at run time, the sound (oto) PulseAudio over its
# socket or else ALSA's libasound.so.2; no cgo headers are needed.
RUN_PKGS  := libasound2 libgl1 libgl1-mesa-dri libx11-6 libxcursor1 libxext6 libxi6 libxinerama1 libxrandr2 libxrender1
TEST_PKGS := $(RUN_PKGS) xvfb xauth qemu-user-static
XVFB      := xvfb-run -a -s "-screen 0 1280x800x24"
# The tests make test runs whole without the race detector, in a pass of its
# own after the race pass (NORACE_PKGS, side by side). Each skips under the
# detector (it calls layoutOnly, sweepOnly or racecheck.WholeWithoutRace: slow there,
# and it starts no goroutine that other tests under the detector do not
# start too) or plays a smaller part of itself there. Without this pass the
# whole of those never ran in make test. game/racecheck's
# TestNoRacePassRunsEverySkippedTest keeps this list and those calls the same.
NORACE := \
	TestEditorLabelsNeverOverlap TestEditorPanelFits TestHelpFitsAt150 TestLabelsStayInsideTheView \
	TestNewGameFormFits TestReplayPanelFits TestTableLabelsNeverOverlap TestUIScaleOnTheBattleScreen \
	TestNewcomerScript TestShootThrowOverwatchEndToEnd TestPositionEditorNewcomer \
	TestSweepBrawlOrDisengage TestSweepDynamite TestSweepShootBlazeAim \
	TestSweepOverwatchPoint TestSweepDoors TestPlayoutKeepsItsHorizon TestPlayoutsPlayAsTheEnemyDoes TestPropertyComputerMatches \
	TestSearchFieldNarrowsAgainstAStranger \
	TestReviewOfADecidedMatchTellsFiveSwings \
	TestDeployScriptsRunALadder TestSimLadderMergeRefusals TestTwoCampaignPlaysAtOnce TestEvalOnEverySave
NORACE_PKGS := ./scene/ ./game/ai/ ./game/analysis/ ./cmd/cowpoke/
empty :=
NORACE_RE := $(subst $(empty) $(empty),|,$(strip $(NORACE)))

.PHONY: run test test-cpus deps-run deps-test build bench fuzz soak soak-scene ai-ladder calibrate

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
	# -timeout 30m: on a shared machine at a load average above 20, the game
	# package's race run has taken over go test's default 10 minutes.
	# ./scene/... first: the window's tests are the longest package, and go
	# test starts packages in the order given, so the others run beside it
	# instead of after it (on 2 cores this saves minutes).
	$(XVFB) $(GO) test -race -timeout 30m ./scene/... ./...
	# The tests of NORACE, whole and without the race detector; the
	# computer's property matches 100 here (200 by default: on this pass's
	# longest package they would add a minute; make soak plays 10,000).
	COWPOKE_AI_MATCHES=100 $(XVFB) $(GO) test -timeout 30m -run '^($(NORACE_RE))$$' $(NORACE_PKGS)
	@$(MAKE) --no-print-directory test-cpus

# The CPUs a save must replay on besides this one (a save is f(scenario,
# seed, commands): same bits everywhere). For each, the golden saves are
# replayed (TestGoldenSaves: state hash and event log byte for byte) and
# game/detmath's bits are checked. Only those two test binaries are built.
# The arm64 binary's code is also searched for fused multiply-add
# instructions (file:line and count are listed): gameplay code must round
# every product that feeds a sum, so there must be none outside tests.
# (arm64 fuses at least every pattern amd64 v3 does; Go's objdump cannot
# decode amd64's VEX-encoded FMA instructions.)
# GOAMD64=v3 runs natively when /proc/cpuinfo lists the v3 features (AVX2,
# BMI1/2, F16C, FMA, MOVBE), else under qemu-x86_64 -cpu max (which has
# them). 386 runs natively when the kernel runs 32-bit programs, else under
# qemu-i386, with asynchronous preemption off (qemu-i386 mishandles Go's
# preemption signal). arm64 runs under qemu-aarch64. qemu is Debian's
# qemu-user-static (TEST_PKGS).
V3_FLAGS := avx2 bmi1 bmi2 f16c fma movbe
CPUS := 386:GOARCH=386:qemu-i386-static arm64:GOARCH=arm64:qemu-aarch64-static v3:GOAMD64=v3:qemu-x86_64-static
test-cpus:
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; failed=""; \
	v3native=yes; for f in $(V3_FLAGS); do grep -qw $$f /proc/cpuinfo || v3native=no; done; \
	for cpu in $(CPUS); do \
		name=$${cpu%%:*}; rest=$${cpu#*:}; env=$${rest%%:*}; qemu=$${rest#*:}; \
		for pkg in game game/detmath; do \
			bin=$$tmp/$$(echo $$pkg | tr / -)-$$name.test; \
			env $$env $(GO) test -c -o $$bin ./$$pkg || exit 1; \
			case $$name in \
			v3) if [ $$v3native = yes ]; then run=""; how="natively: /proc/cpuinfo lists $(V3_FLAGS)"; \
			    else run="$$qemu -cpu max"; how="under $$run: this CPU lacks some of $(V3_FLAGS)"; fi ;; \
			386) if $$bin -test.list NONE >/dev/null 2>&1; then run=""; how=natively; \
			    else run=$$qemu; how="under $$qemu: this kernel does not run 32-bit programs"; fi ;; \
			*) run=$$qemu; how="under $$qemu" ;; \
			esac; \
			echo "$$pkg on $$name ($$how)"; \
			(cd $$pkg && GODEBUG=asyncpreemptoff=1 $$run $$bin -test.run '^(TestGoldenSaves|TestSameBitsEverywhere|TestEdition2SavesReplayUnchanged)$$') \
				|| failed="$$failed $$pkg on $$name,"; \
			if [ $$pkg = game ] && [ $$name = arm64 ]; then \
				fused=$$($(GO) tool objdump -s '^cowpoke/' $$bin | grep -E '[[:space:]]FN?M(ADD|SUB)D[[:space:]]' \
					| awk '{print $$1}' | grep -v '_test\.go:' | sort | uniq -c | awk '{printf " %s (%d)", $$2, $$1}'); \
				if [ -n "$$fused" ]; then echo "fused multiply-adds in gameplay code on $$name:$$fused"; failed="$$failed fused arithmetic on $$name,"; fi; \
			fi; \
		done; \
	done; \
	if [ -n "$$failed" ]; then echo "FAIL: a save does not replay the same on every CPU:$${failed%,}"; exit 1; fi

# Benchmarks for the speed and memory bars recorded in the package READMEs.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Long sessions that `make test` does not run (it runs only the seed corpora):
# every fuzz target in the repo, one after another, FUZZTIME each (figures in
# the package READMEs). `make fuzz FUZZTIME=2m` for a shorter pass.
# Minimising is bounded to a second: `go test -fuzz` counts a worker's
# executions only when its call returns, and a minimising call returns only
# when it ends, so with longer bounds the progress line repeated a stale count
# ("0/sec") while the workers ran flat out (game/README.md, Fuzzing).
FUZZTIME ?= 10m
fuzz:
	@set -e; for file in $$(grep -rl --include='*_test.go' '^func Fuzz' . | sort); do \
		dir=./$$(dirname $${file#./}); \
		for target in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$file); do \
			echo "== $$dir $$target ($(FUZZTIME))"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 1s $$dir; \
		done; \
	done

# The full property runs: 2,000 random matches under the race detector;
# then 2,000 for each of the seeds' initiative methods and options, without
# it (16,000 matches: under -race they would take hours on two cores); the
# simulator's A/A run over 2,000 full random matches; then 10,000
# computer-against-computer matches (game/ai/README.md).
soak:
	COWPOKE_PROPERTY_MATCHES=2000 $(GO) test -race -count=1 -run 'TestPropertyRandomMatches$$' -timeout 90m -v ./game/
	COWPOKE_PROPERTY_MATCHES=2000 $(GO) test -count=1 -run 'TestPropertyRandomMatchesByMethod$$' -timeout 180m -v ./game/
	COWPOKE_SIM_AA_MATCHES=2000 $(GO) test -count=1 -run TestAAContainsEven -timeout 90m -v ./game/sim/
	COWPOKE_AI_MATCHES=10000 $(GO) test -count=1 -run '^TestPropertyComputerMatches$$' -timeout 0 -v ./game/ai/
	COWPOKE_AI_METHOD_MATCHES=500 $(GO) test -count=1 -run 'TestPropertyComputerMatchesByMethod$$' -timeout 0 -v ./game/ai/

# The strength ladder (game/sim/README.md): random, every level of the
# computer and normal with every personality in a round robin, each pair
# mirrored (the seats swapped and the posses exchanged) on every map; an
# Elo table with 95% intervals. LADDER_MATCHES matches a pair, shared among
# the maps; LADDER_PLAYERS a comma-separated list of LEVEL[:PERSONALITY]
# instead of all of them.
LADDER_MATCHES ?= 200
LADDER_PLAYERS ?= all
LADDER_SEED    ?= 1
ai-ladder:
	$(GO) run ./cmd/cowpoke sim --ladder $(LADDER_PLAYERS) -n $(LADDER_MATCHES) --seed $(LADDER_SEED)

# The win chances' calibration (game/analysis/README.md): one position at a
# random point of each of CALIBRATE_POSITIONS normal-against-normal matches
# (every map and initiative method), CALIBRATE_PLAYOUTS playouts each, seeds
# from CALIBRATE_SEED on; prints the table and the Brier scores, fails a
# tenth more than 5 points off, and writes the reliability plot to
# game/analysis/calibration.html. The defaults are the run the README
# records (22 minutes on the 2 cores): 8,000 positions, because with 2,000
# even an exactly calibrated estimate fails the bar two times in three.
CALIBRATE_POSITIONS ?= 8000
CALIBRATE_PLAYOUTS  ?= 20
CALIBRATE_SEED      ?= 13000000
calibrate:
	cd game/analysis && COWPOKE_ANALYSIS_SEED=$(CALIBRATE_SEED) COWPOKE_ANALYSIS_CALIBRATE=$(CALIBRATE_POSITIONS) COWPOKE_ANALYSIS_PLAYOUTS=$(CALIBRATE_PLAYOUTS) \
		$(GO) test -count=1 -run '^TestCalibration$$' -v -timeout 0 .

# The battle screen's long session: 20,000 frames of synthetic play with
# repaints; the resident set may grow by at most 20 MB (scene/README.md).
# Then ten minutes of the demo, which must throw dynamite once a minute.
soak-scene: deps-test
	COWPOKE_SOAK_FRAMES=20000 $(XVFB) $(GO) test -count=1 -v -run TestLongSessionMemory -timeout 180m ./scene/
	COWPOKE_DEMO_MINUTES=10 $(XVFB) $(GO) test -count=1 -v -run TestDemoThrowsDynamite -timeout 60m ./scene/
