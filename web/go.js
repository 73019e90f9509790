'use strict';
// Go: an SVG board of 9x9, 13x13 or 19x19, moves by clicking (or typing a vertex), pass,
// undo, new games with komi and handicap, the engine's moves, the Tromp-Taylor count
// with each colour's area shaded, and lz-analyze's win rate and candidate moves.

const GO_LETTERS = 'ABCDEFGHJKLMNOPQRST';
const GO_CELL = 40;
/** From the board's edge to its first line: room for the coordinates beside the stones. */
const GO_MARGIN = 54;

/** `showboard` as `{size, board, toMove, over, last}`; board[row][col], row 0 at the top. */
function parseShowboard(text) {
  const lines = text.split('\n');
  const board = [];
  for (const line of lines) {
    const words = line.trim().split(/\s+/);
    if (words.length > 2 && /^\d+$/.test(words[0]) && words[0] === words[words.length - 1]) {
      board.push(words.slice(1, -1).map((point) => (point === 'X' ? 'b' : point === 'O' ? 'w' : '')));
    }
  }
  const toMove = /White \(O\) to move/.test(text) ? 'w' : 'b';
  const over = /game over/.test(text);
  const last = /move \d+: (Black|White) (\S+)/.exec(text);
  return { size: board.length, board, toMove, over, last: last ? { colour: last[1][0].toLowerCase(), vertex: last[2] } : null };
}

/** The vertex of a point (`D4`); row 0 is the top row. */
function goVertex(size, row, col) {
  return `${GO_LETTERS[col]}${size - row}`;
}

/** The point of a vertex, or null for `pass` and anything else. */
function goPoint(size, vertex) {
  const match = /^([A-HJ-T])(\d+)$/i.exec(vertex);
  if (!match) return null;
  const col = GO_LETTERS.indexOf(match[1].toUpperCase());
  const row = size - Number(match[2]);
  return col < size && row >= 0 && row < size ? { row, col } : null;
}

/** Tromp-Taylor areas: each empty point's owner, 'b' or 'w' when only that colour reaches it. */
function goAreas(board) {
  const size = board.length;
  const owner = board.map((row) => row.map(() => ''));
  const seen = board.map((row) => row.map(() => false));
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (board[r][c] || seen[r][c]) continue;
      const region = [];
      const reaches = new Set();
      const stack = [[r, c]];
      seen[r][c] = true;
      while (stack.length > 0) {
        const [pr, pc] = stack.pop();
        region.push([pr, pc]);
        for (const [nr, nc] of [[pr - 1, pc], [pr + 1, pc], [pr, pc - 1], [pr, pc + 1]]) {
          if (nr < 0 || nc < 0 || nr >= size || nc >= size) continue;
          if (board[nr][nc]) reaches.add(board[nr][nc]);
          else if (!seen[nr][nc]) {
            seen[nr][nc] = true;
            stack.push([nr, nc]);
          }
        }
      }
      if (reaches.size === 1) {
        const colour = [...reaches][0];
        region.forEach(([pr, pc]) => { owner[pr][pc] = colour; });
      }
    }
  }
  return owner;
}

/** The star points of the board sizes offered. */
function goStars(size) {
  const edge = size < 13 ? 2 : 3;
  const far = size - 1 - edge;
  const mid = (size - 1) / 2;
  const points = [[edge, edge], [edge, far], [far, edge], [far, far], [mid, mid]];
  if (size >= 19) points.push([edge, mid], [mid, edge], [far, mid], [mid, far]);
  return points;
}

/** The `info move ...` entries of one analysis line. */
function parseAnalysis(line) {
  return line.split(/\binfo\s+/).filter((entry) => entry.trim()).map((entry) => {
    const words = entry.trim().split(/\s+/);
    const value = (key) => words[words.indexOf(key) + 1];
    const pv = words.indexOf('pv') >= 0 ? words.slice(words.indexOf('pv') + 1) : [];
    return { move: value('move'), visits: Number(value('visits')), winrate: Number(value('winrate')) / 100, pv };
  }).filter((entry) => entry.move);
}

class Go {
  constructor(gtp) {
    this.gtp = gtp;
    this.panel = new Panel('go');
    this.svg = document.getElementById('go-board');
    this.analyze = document.getElementById('go-analyze');
    this.state = null;
    this.result = null;
    this.areas = null;
    this.candidates = [];
    this.analysis = null;
    document.getElementById('go-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.act(() => this.newGame());
    });
    document.getElementById('go-pass').addEventListener('click', () => this.act(() => this.play('pass')));
    document.getElementById('go-undo').addEventListener('click', () => this.act(() => this.undo()));
    document.getElementById('go-genmove').addEventListener('click', () => this.act(() => this.engineMove()));
    document.getElementById('go-engine').addEventListener('change', () => this.act(() => this.refresh()));
    document.getElementById('go-play').addEventListener('submit', (event) => {
      event.preventDefault();
      const vertex = document.getElementById('go-vertex').value.trim();
      this.act(() => this.play(vertex));
    });
    this.analyze.addEventListener('click', () => {
      const on = this.analyze.getAttribute('aria-pressed') !== 'true';
      this.analyze.setAttribute('aria-pressed', String(on));
      this.act(() => this.refresh());
    });
  }

  reset() {
    this.analysis = null;
    return this.act(() => this.newGame());
  }

  /**
   * Runs an action on the panel, stopping a running analysis first. A refused action
   * changes nothing on the server: the board is read again (and the analysis resumed).
   */
  act(action) {
    return this.panel.run(async () => {
      await this.stopAnalysis();
      try {
        await action();
      } catch (error) {
        if (this.state && this.gtp.open) await this.refresh(false).catch(() => {});
        throw error;
      }
    });
  }

  async newGame() {
    const size = document.getElementById('go-size').value;
    const komi = document.getElementById('go-komi').value.trim();
    const handicap = document.getElementById('go-handicap').value;
    // Komi first: a komi refused leaves the game as it was.
    await this.gtp.ask(`komi ${komi || 0}`);
    await this.gtp.ask(`boardsize ${size}`);
    await this.gtp.ask('clear_board');
    if (handicap !== '0') await this.gtp.ask(`fixed_handicap ${handicap}`);
    this.result = null;
    await this.refresh();
  }

  /** The colour the engine plays, or '' for neither. */
  engineColour() {
    return document.getElementById('go-engine').value;
  }

  async play(vertex) {
    if (this.state.over || this.result) throw new GtpError('the game is over: start a new one');
    await this.gtp.ask(`play ${this.state.toMove} ${vertex}`);
    await this.refresh();
  }

  /** The engine plays for the side to move. */
  async engineMove() {
    if (this.state.over || this.result) throw new GtpError('the game is over: start a new one');
    const colour = this.state.toMove;
    const move = (await this.gtp.ask(`genmove ${colour}`)).trim();
    if (move.toLowerCase() === 'resign') {
      this.result = `${colour === 'b' ? 'Black' : 'White'} resigns: ${colour === 'b' ? 'White' : 'Black'} wins.`;
    }
    await this.refresh(false);
  }

  /** Takes back the last move, and the engine's before it, back to the player's turn. */
  async undo() {
    this.result = null;
    await this.gtp.ask('undo');
    const state = parseShowboard(await this.gtp.ask('showboard'));
    // Nothing more to take back at the start of a game the engine opens: it plays again.
    if (state.toMove === this.engineColour()) await this.gtp.askAll(['undo']);
    await this.refresh();
  }

  /** Reads the board; the engine moves when it is its turn (unless told not to); redraws. */
  async refresh(engineMayMove = true) {
    this.state = parseShowboard(await this.gtp.ask('showboard'));
    this.areas = null;
    this.candidates = [];
    this.render();
    if (this.state.over) {
      await this.count();
    } else if (!this.result && engineMayMove && this.state.toMove === this.engineColour()) {
      await this.engineMove();
      return;
    }
    this.render();
    if (!this.state.over && !this.result && this.analyze.getAttribute('aria-pressed') === 'true') {
      this.startAnalysis();
    }
  }

  /** The Tromp-Taylor count of the board as it stands, with the areas shaded. */
  async count() {
    const score = (await this.gtp.ask('final_score')).trim();
    this.areas = goAreas(this.state.board);
    let black = 0;
    let white = 0;
    this.state.board.forEach((row, r) => row.forEach((point, c) => {
      const owner = point || this.areas[r][c];
      if (owner === 'b') black++;
      if (owner === 'w') white++;
    }));
    const komi = document.getElementById('go-komi').value.trim() || '0';
    const words = score === '0' ? 'a draw' : `${score[0] === 'B' ? 'Black' : 'White'} wins by ${score.slice(2)}`;
    this.result = `${score}: ${words} (area: Black ${black}, White ${white}, komi ${komi})`;
  }

  /** Starts lz-analyze for the side to move; its reports redraw the candidates. */
  startAnalysis() {
    const colour = this.state.toMove;
    this.analysis = this.gtp.stream(`lz-analyze ${colour} 50`, (line) => {
      const entries = parseAnalysis(line);
      if (entries.length === 0) return;
      this.candidates = entries.slice(0, 6);
      const best = entries[0];
      const name = colour === 'b' ? 'Black' : 'White';
      document.getElementById('go-analysis').textContent =
        `${name}'s win rate ${best.winrate.toFixed(1)}% with ${best.move} (${best.visits} visits); then ${best.pv.slice(1, 6).join(' ') || '…'}`;
      this.render();
    }).catch(() => {});
  }

  /** Ends a running analysis and waits for its last line. */
  async stopAnalysis() {
    if (!this.analysis) return;
    const running = this.analysis;
    this.analysis = null;
    this.gtp.stopStream();
    await running;
    this.candidates = [];
    document.getElementById('go-analysis').textContent = '';
  }

  render() {
    const { size, board, toMove, over, last } = this.state;
    const span = 2 * GO_MARGIN + GO_CELL * (size - 1);
    const at = (index) => GO_MARGIN + GO_CELL * index;
    const parts = [];
    for (let i = 0; i < size; i++) {
      parts.push(el('line', { x1: at(0), y1: at(i), x2: at(size - 1), y2: at(i) }));
      parts.push(el('line', { x1: at(i), y1: at(0), x2: at(i), y2: at(size - 1) }));
      for (const edge of [18, span - 18]) {
        parts.push(el('text', { class: 'coord', x: at(i), y: edge }, GO_LETTERS[i]));
        parts.push(el('text', { class: 'coord', x: edge, y: at(i) }, size - i));
      }
    }
    for (const [r, c] of goStars(size)) parts.push(el('circle', { class: 'star', cx: at(c), cy: at(r), r: 3.5 }));
    board.forEach((row, r) => row.forEach((point, c) => {
      const vertex = goVertex(size, r, c);
      if (point) {
        parts.push(el('circle', { class: `stone-${point}`, cx: at(c), cy: at(r), r: GO_CELL * 0.47, 'data-stone': vertex }));
      } else if (this.areas && this.areas[r][c]) {
        const side = GO_CELL * 0.4;
        parts.push(el('rect', { class: `area-${this.areas[r][c]}`, x: at(c) - side / 2, y: at(r) - side / 2, width: side, height: side, 'data-area': this.areas[r][c] }));
      }
    }));
    if (last && last.vertex.toLowerCase() !== 'pass') {
      const point = goPoint(size, last.vertex);
      if (point) parts.push(el('circle', { class: 'last', cx: at(point.col), cy: at(point.row), r: GO_CELL * 0.2 }));
    }
    this.candidates.forEach((candidate, order) => {
      const point = goPoint(size, candidate.move);
      if (!point || board[point.row][point.col]) return;
      parts.push(el('circle', { class: `candidate${order === 0 ? ' best' : ''}`, cx: at(point.col), cy: at(point.row), r: GO_CELL * 0.42 }));
      parts.push(el('text', { class: 'candidate-text', x: at(point.col), y: at(point.row) }, `${Math.round(candidate.winrate)}`));
    });
    board.forEach((row, r) => row.forEach((point, c) => {
      const vertex = goVertex(size, r, c);
      parts.push(el('rect', {
        class: 'point', x: at(c) - GO_CELL / 2, y: at(r) - GO_CELL / 2, width: GO_CELL, height: GO_CELL,
        'data-vertex': vertex,
        onclick: () => this.act(() => this.play(vertex)),
      }));
    }));
    this.svg.setAttribute('viewBox', `0 0 ${span} ${span}`);
    this.svg.replaceChildren(...parts);
    const name = toMove === 'b' ? 'Black' : 'White';
    const status = document.getElementById('go-status');
    if (over) status.textContent = 'Game over: both players passed.';
    else if (this.result) status.textContent = 'Game over.';
    else status.textContent = `${name} to move${toMove === this.engineColour() ? ' (the engine)' : ''}` +
      (last ? `; last move ${last.colour === 'b' ? 'Black' : 'White'} ${last.vertex}` : '');
    document.getElementById('go-result').textContent = this.result || '';
    this.panel.root.dataset.status = over || this.result ? 'over' : `${toMove} to move`;
  }
}
