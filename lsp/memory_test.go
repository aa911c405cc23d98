package lsp

import (
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// memoryEvents is a MemoryPolicy that records what it is told.
type memoryEvents struct {
	mu     sync.Mutex
	events []string
}

func (m *memoryEvents) LargeMessage() { m.record("large message") }

func (m *memoryEvents) Settled(openBytes int, large, analyzed bool) {
	what := "closed or refused"
	if analyzed {
		what = "analyzed"
	}
	if large {
		what = "large " + what
	}
	m.record(what + " " + strconv.Itoa(openBytes))
}

func (m *memoryEvents) record(e string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.events = append(m.events, e)
}

func (m *memoryEvents) seen() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return strings.Join(m.events, "; ")
}

// waitFor waits until the events are want.
func (m *memoryEvents) waitFor(t *testing.T, want string) {
	t.Helper()
	for deadline := time.Now().Add(waitLimit); m.seen() != want; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the policy was told %q, want %q", m.seen(), want)
		}
	}
}

// The server tells its memory policy of each large message before reading
// it, and of the open documents' size after each analysis, each refusal of
// a large document and each close.
func TestMemoryPolicyIsTold(t *testing.T) {
	policy := &memoryEvents{}
	e := newEnv(t, func(s *server) { WithMemoryPolicy(policy)(s) })
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"pgnls": map[string]any{"maxDocumentSize": LargeDocument}})
	small := "1. e4 *\n"
	e.open("file:///small.pgn", 1, small)
	want := "analyzed " + strconv.Itoa(len(small))
	policy.waitFor(t, want)
	big := strings.Repeat("x", LargeDocument+1) // over maxDocumentSize: refused, not analyzed
	e.open("file:///big.pgn", 1, big)
	want += "; large message; large closed or refused " + strconv.Itoa(len(small)+len(big))
	policy.waitFor(t, want)
	e.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///big.pgn"}})
	want += "; closed or refused " + strconv.Itoa(len(small))
	policy.waitFor(t, want)
}
