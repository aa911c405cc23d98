package board

import (
	"math/rand"
	"testing"
	"unsafe"
)

func TestSquare(t *testing.T) {
	for sq := A1; sq <= H8; sq++ {
		name := sq.String()
		got, ok := ParseSquare(name)
		if !ok || got != sq {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v", name, got, ok, sq)
		}
		if NewSquare(sq.File(), sq.Rank()) != sq {
			t.Errorf("NewSquare(%d, %d) != %v", sq.File(), sq.Rank(), sq)
		}
	}
	if E4.String() != "e4" || E4.File() != 4 || E4.Rank() != 3 {
		t.Errorf("E4 = %q, file %d, rank %d", E4.String(), E4.File(), E4.Rank())
	}
	if NoSquare.String() != "-" {
		t.Errorf("NoSquare.String() = %q", NoSquare.String())
	}
	for _, bad := range []string{"", "e", "e9", "i1", "E4", "e44", "-"} {
		if sq, ok := ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) = %v, want failure", bad, sq)
		}
	}
	if NewSquare(8, 0) != NoSquare || NewSquare(0, -1) != NoSquare {
		t.Error("NewSquare accepts squares off the board")
	}
}

func TestColorAndPieceType(t *testing.T) {
	if White.Other() != Black || Black.Other() != White {
		t.Error("Other is wrong")
	}
	if White.String() != "white" || Black.String() != "black" {
		t.Errorf("colour names %q, %q", White, Black)
	}
	letters := map[PieceType]byte{NoPieceType: 0, Pawn: 0, Knight: 'N', Bishop: 'B', Rook: 'R', Queen: 'Q', King: 'K'}
	for pt, want := range letters {
		if got := pt.Letter(); got != want {
			t.Errorf("%v.Letter() = %q, want %q", pt, got, want)
		}
	}
	if Knight.String() != "knight" || Pawn.String() != "pawn" {
		t.Errorf("piece names %q, %q", Knight, Pawn)
	}
}

func TestMoveString(t *testing.T) {
	tests := []struct {
		m    Move
		want string
	}{
		{Move{From: E2, To: E4, Flags: DoublePush}, "e2e4"},
		{Move{From: E7, To: D8, Promotion: Knight, Flags: Capture}, "e7d8n"},
		{Move{From: E1, To: G1, Flags: KingsideCastling}, "e1g1"},
		{nullMove, "0000"},
	}
	for _, tc := range tests {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.m, got, tc.want)
		}
	}
	if (Move{Flags: QueensideCastling}).Castle() != CastleLong || (Move{}).Castle() != NoCastle {
		t.Error("Move.Castle is wrong")
	}
}

// TestPositionIsSmall guards the promise that copying a Position is cheap.
func TestPositionIsSmall(t *testing.T) {
	if size := unsafe.Sizeof(Position{}); size > 96 {
		t.Errorf("Position is %d bytes", size)
	}
}

// TestSlidingAttacks compares the fast sliding attacks with walking the rays
// one square at a time, on random occupancies.
func TestSlidingAttacks(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	straight := []step{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagonal := []step{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	walk := func(sq Square, occ uint64, dirs []step) uint64 {
		var b uint64
		for _, d := range dirs {
			b |= ray(sq, d, occ)
		}
		return b
	}
	for i := 0; i < 2000; i++ {
		occ := rng.Uint64() & rng.Uint64() // about a quarter of the squares
		for sq := A1; sq <= H8; sq++ {
			if got, want := rookAttacks(sq, occ), walk(sq, occ, straight); got != want {
				t.Fatalf("rookAttacks(%v, %#x) = %#x, want %#x", sq, occ, got, want)
			}
			if got, want := bishopAttacks(sq, occ), walk(sq, occ, diagonal); got != want {
				t.Fatalf("bishopAttacks(%v, %#x) = %#x, want %#x", sq, occ, got, want)
			}
		}
	}
}
