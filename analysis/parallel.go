package analysis

import (
	"sync"
	"sync/atomic"

	"pgnls/pgn"
)

// ForEachParallel calls fn(worker, i) for i in [0, n) on all cores, as the
// checker does (see forEachParallel): for the document model
// (analysis/document), which parses and checks its chunks so.
func ForEachParallel(n int, prepare func(workers int), fn func(worker, i int)) {
	forEachParallel(n, prepare, fn)
}

// RunWorkers runs work on n goroutines and waits for them. A panic in one
// reaches the caller, on its goroutine, as forEachParallel's do.
func RunWorkers(n int, work func()) {
	var failed atomic.Pointer[workerPanic]
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer recoverWorker(&failed)
			work()
		}()
	}
	wg.Wait()
	raiseWorkerPanic(&failed)
}

// InternalDiagnostic is the diagnostic of a panic p while checking
// [from, to) of src (see internalDiagnostic).
func InternalDiagnostic(src string, from, to pgn.Pos, game int, what string, p any) Diagnostic {
	return internalDiagnostic(src, from, to, game, what, p)
}
