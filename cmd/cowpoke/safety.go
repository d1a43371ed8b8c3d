package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"cowpoke/game/board"
	"cowpoke/game/words"
)

// errText is an error as one safe line (or, for a map's list of problems,
// one safe line each): every message goes through words.Safe, so a file
// name or a string from a file that slipped into a message unquoted cannot
// put a control character on the terminal or forge a line of output.
func errText(err error) string {
	var bes board.Errors
	if errors.As(err, &bes) && err.Error() == bes.Error() {
		lines := make([]string, len(bes))
		for i, e := range bes {
			lines[i] = words.Safe(e.Error())
		}
		return strings.Join(lines, "\n")
	}
	return words.Safe(err.Error())
}

// graceAfterSignal is how long a command has, after Ctrl+C or SIGTERM, to
// stop on its own and say what it did (sim and campaign play watch for the
// signal) before the program ends anyway: within a second in all.
const graceAfterSignal = 400 * time.Millisecond

// endOnSignal makes Ctrl+C and SIGTERM end a terminal command within a
// second whatever it is doing. Commands that write files (sim, campaign
// play) catch the signal themselves, finish the write in progress and
// report what was done; one that has not ended after graceAfterSignal (a
// long read or computation) is ended here, saying so. Its writes go
// through store, whose temporary files a killed writer leaves are removed
// by the next write beside them.
func endOnSignal(stderr io.Writer) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-sigs
		time.Sleep(graceAfterSignal)
		fmt.Fprintf(stderr, "cowpoke: stopped by %s before the command ended\n", signalName(sig))
		os.Exit(exitCodeFor(sig))
	}()
}

// signalContext is a context cancelled by Ctrl+C or SIGTERM; received
// says which signal came (nil before any).
func signalContext() (ctx context.Context, received func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	var mu sync.Mutex
	var got os.Signal
	go func() {
		select {
		case sig := <-sigs:
			mu.Lock()
			got = sig
			mu.Unlock()
			cancel()
		case <-ctx.Done():
		}
	}()
	received = func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return got
	}
	stop = func() {
		signal.Stop(sigs)
		cancel()
	}
	return ctx, received, stop
}

// signalName is how the messages name a signal.
func signalName(sig os.Signal) string {
	if sig == syscall.SIGTERM {
		return "SIGTERM"
	}
	return "Ctrl+C"
}

// exitCodeFor is the exit code after a signal, as shells report it: 128
// plus its number (130 for Ctrl+C, 143 for SIGTERM).
func exitCodeFor(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitInterrupted
}
