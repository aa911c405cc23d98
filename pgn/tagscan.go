package pgn

import "math/bits"

// The scans below read a tag line eight bytes at a time (SWAR: one 64-bit
// word holds eight bytes, and a few arithmetic operations test all of them).
// A database's tag lines are most of its lines, and the byte loops they
// replace cost 10-12 instructions a byte in scanTagLine (bench/NOTES.md);
// strings.IndexByte looks for one byte, where a value has four that stop it.

// lowBits has the low bit of each byte of a word set: times a byte value,
// it repeats the byte in every byte of the word.
const lowBits = 0x0101010101010101

// word8 returns the eight bytes of s from i as a little-endian word; the
// compiler makes it one load.
func word8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// zeroBytes has the top bit set of each zero byte of w, and of no byte
// before the first zero byte: a false hit (a borrow) only follows a true
// one, so the lowest bit set is exact.
func zeroBytes(w uint64) uint64 { return (w - lowBits) &^ w & highBits }

// tagValueStop returns the offset of the first byte from i that ends or
// escapes a tag value, '"', '\\', '\n' or '\r', or len(src) when there is
// none.
func tagValueStop(src string, i int) int {
	for ; i+8 <= len(src); i += 8 {
		w := word8(src, i)
		m := zeroBytes(w^('"'*lowBits)) | zeroBytes(w^('\\'*lowBits)) |
			zeroBytes(w^('\n'*lowBits)) | zeroBytes(w^('\r'*lowBits))
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(src); i++ {
		switch src[i] {
		case '"', '\\', '\n', '\r':
			return i
		}
	}
	return len(src)
}

// tagNameEnd returns the offset of the first byte from i that cannot be part
// of a tag name. Names are mostly letters: eight bytes at a time skip those,
// and the byte loop takes the digits and '_' that stop the word test.
func tagNameEnd(src string, i int) int {
	for ; i+8 <= len(src); i += 8 {
		if m := nonLetters(word8(src, i)); m != 0 {
			i += bits.TrailingZeros64(m) / 8
			break
		}
	}
	for i < len(src) && isTagNameByte(src[i]) {
		i++
	}
	return i
}

// nonLetters has the top bit set of each byte of w that is not an ASCII
// letter, exact up to the first such byte. A byte c below 0x80 is a letter
// when c|0x20 lies in 'a'..'z'; adding 0x80-'a' (resp. 0x80-'z'-1) to it
// sets its top bit when it is at least 'a' (resp. above 'z'), and no sum
// carries into the next byte.
func nonLetters(w uint64) uint64 {
	x := (w | 0x20*lowBits) &^ highBits
	atLeastA := x + (0x80-'a')*lowBits
	aboveZ := x + (0x80-'z'-1)*lowBits
	letters := atLeastA &^ aboveZ &^ w & highBits
	return letters ^ highBits
}
