package analysis

import (
	"regexp"
	"strings"

	"pgnls/pgn"
)

// Link is a URL found in the text, over the bytes [Pos, End).
type Link struct {
	Pos, End pgn.Pos
	Target   string
}

// urlRE finds web addresses: http(s) URLs, and www. names (read as https).
// A URL ends at white space, quotes, braces and angle brackets.
var urlRE = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s"{}<>\\]+`)

// Links returns the URLs in the Site tags and in the comments of f, in
// source order.
func Links(f *pgn.File) []Link {
	var out []Link
	find := func(tok pgn.Token) {
		text := f.Src[tok.Pos:tok.End]
		for _, loc := range urlRE.FindAllStringIndex(text, -1) {
			u := trimURL(text[loc[0]:loc[1]])
			if u == "" {
				continue
			}
			target := u
			if strings.HasPrefix(strings.ToLower(u), "www.") {
				target = "https://" + u
			}
			pos := tok.Pos + pgn.Pos(loc[0])
			out = append(out, Link{Pos: pos, End: pos + pgn.Pos(len(u)), Target: target})
		}
	}
	for _, item := range f.Items {
		pgn.Inspect(item, func(n pgn.Node) bool {
			switch n := n.(type) {
			case *pgn.Tag:
				if n.Name == "Site" {
					find(n.ValueTok)
				}
			case *pgn.Comment:
				find(n.Tok)
			}
			return true
		})
	}
	return out
}

// trimURL drops the punctuation that ends a sentence rather than the URL,
// and a closing parenthesis that has no opening one in the URL.
func trimURL(u string) string {
	for u != "" {
		c := u[len(u)-1]
		switch {
		case strings.IndexByte(".,;:!?'", c) >= 0:
			u = u[:len(u)-1]
		case c == ')' && strings.Count(u, "(") < strings.Count(u, ")"):
			u = u[:len(u)-1]
		case c == ']' && strings.Count(u, "[") < strings.Count(u, "]"):
			u = u[:len(u)-1]
		default:
			if strings.HasSuffix(strings.ToLower(u), "://") || strings.EqualFold(u, "www.") {
				return ""
			}
			return u
		}
	}
	return u
}
