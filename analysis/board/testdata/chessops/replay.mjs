// replay.mjs replays games with chessops, for chessops_test.go. It reads
// one game a line on standard input, as JSON: {"variant", "fen", "moves"}
// (chessops's rules name, a FEN, UCI moves with castling as the king
// taking its rook and drops as N@f3), and writes for each game a JSON line
// with an array that describes each of its positions, the start included:
// its FEN, its legal moves with their SAN, whether the side to move is in
// check, and the outcome. A line {"variant", "fen", "perft": depth} asks
// instead for the perft count of the position, answered as {"nodes": n}.
// The chessops package is found in the node_modules folder named by the
// environment variable PGNLS_CHESSOPS.
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const dir = process.env.PGNLS_CHESSOPS;
const lib = name => import(pathToFileURL(path.join(dir, 'chessops', 'dist', 'esm', name)).href);
const { setupPosition } = await lib('variant.js');
const { parseFen, makeFen } = await lib('fen.js');
const { makeSan } = await lib('san.js');
const { parseUci, makeUci } = await lib('util.js');

const roles = ['pawn', 'knight', 'bishop', 'rook', 'queen'];

function legalMoves(pos) {
  const moves = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx)) {
    const pawn = pos.board.getRole(from) === 'pawn';
    for (const to of dests) {
      const rank = to >> 3;
      if (pawn && (rank === 0 || rank === 7)) {
        const promos = ['queen', 'rook', 'bishop', 'knight'];
        if (pos.rules === 'antichess') promos.push('king');
        for (const promotion of promos) moves.push({ from, to, promotion });
      } else {
        moves.push({ from, to });
      }
    }
  }
  if (pos.pockets && !ctx.variantEnd) {
    const dests = pos.dropDests(ctx);
    for (const role of roles) {
      if (pos.pockets[pos.turn][role] <= 0) continue;
      for (const to of dests) {
        const rank = to >> 3;
        if (role === 'pawn' && (rank === 0 || rank === 7)) continue;
        moves.push({ role, to });
      }
    }
  }
  return moves;
}

function describe(pos) {
  const outcome = pos.outcome();
  return {
    fen: makeFen(pos.toSetup()),
    legal: legalMoves(pos).map(m => [makeUci(m), makeSan(pos, m)]),
    check: pos.isCheck(),
    over: !!outcome,
    winner: outcome && outcome.winner ? outcome.winner : '',
    insufficient: pos.isInsufficientMaterial(),
  };
}

function perft(pos, depth) {
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const m of moves) {
    const after = pos.clone();
    after.play(m);
    nodes += perft(after, depth - 1);
  }
  return nodes;
}

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', line => {
  const game = JSON.parse(line);
  const pos = setupPosition(game.variant, parseFen(game.fen).unwrap()).unwrap();
  if (game.perft) {
    process.stdout.write(JSON.stringify({ nodes: perft(pos, game.perft) }) + '\n');
    return;
  }
  const out = [describe(pos)];
  for (const uci of game.moves) {
    pos.play(parseUci(uci));
    out.push(describe(pos));
  }
  process.stdout.write(JSON.stringify(out) + '\n');
});
