'use strict';
// Quantum tic-tac-toe: the board with spooky marks, the entanglement graph, the collapse
// choice shown as the boards it leads to, the record, the score and the engine's hints.
// The rules stay on the server: the page reads qttt-show and qttt-status, and previews
// a collapse by playing it and undoing it.

const QTTT_CELLS = 'ABCDEFGHI';

/** `qttt-status` as `{kind, player, options, score}`. */
function parseQtttStatus(text) {
  const words = text.trim().split(/\s+/);
  if (words[0] === 'over') return { kind: 'over', player: null, options: [], score: [words[1], words[2]] };
  return { kind: words[0], player: words[1], options: words.slice(2), score: null };
}

/** `qttt-show` as nine cells `{classical: {player, move} | null, spooky: [{player, move}]}`. */
function parseQtttShow(text) {
  const cells = QTTT_CELLS.split('').map(() => ({ classical: null, spooky: [] }));
  const rows = text.split('\n').slice(0, 3).join(' ');
  for (const match of rows.matchAll(/([A-I])((?:\s+[xoXO]\d)*)/g)) {
    const cell = cells[QTTT_CELLS.indexOf(match[1])];
    for (const mark of match[2].trim().split(/\s+/).filter(Boolean)) {
      const entry = { player: mark[0].toLowerCase(), move: Number(mark.slice(1)) };
      if (mark[0] === mark[0].toUpperCase()) cell.classical = entry;
      else cell.spooky.push(entry);
    }
  }
  return cells;
}

/** The entanglements: one edge per spooky move, `{move, player, a, b}` (cell indexes). */
function qtttEdges(cells) {
  const ends = new Map();
  cells.forEach((cell, index) => cell.spooky.forEach((mark) => {
    if (!ends.has(mark.move)) ends.set(mark.move, { move: mark.move, player: mark.player, cells: [] });
    ends.get(mark.move).cells.push(index);
  }));
  return [...ends.values()].map((edge) => ({ ...edge, a: edge.cells[0], b: edge.cells[edge.cells.length - 1] }));
}

/** The cycle the latest move closed: its edges' moves and its cells. */
function qtttCycle(edges) {
  if (edges.length === 0) return { moves: new Set(), cells: new Set() };
  const last = edges.reduce((a, b) => (b.move > a.move ? b : a));
  if (last.a === last.b) return { moves: new Set([last.move]), cells: new Set([last.a]) };
  // A path from one end of the last edge to the other through the other edges.
  const from = new Map([[last.a, null]]);
  const queue = [last.a];
  while (queue.length > 0 && !from.has(last.b)) {
    const cell = queue.shift();
    for (const edge of edges) {
      if (edge === last || (edge.a !== cell && edge.b !== cell)) continue;
      const next = edge.a === cell ? edge.b : edge.a;
      if (!from.has(next)) {
        from.set(next, { cell, edge });
        queue.push(next);
      }
    }
  }
  const moves = new Set([last.move]);
  const cycleCells = new Set([last.a, last.b]);
  for (let step = from.get(last.b); step; step = from.get(step.cell)) {
    moves.add(step.edge.move);
    cycleCells.add(step.cell);
  }
  return { moves, cells: cycleCells };
}

/** The cells of every row, column or diagonal of three classical marks of one player. */
function qtttWinningCells(cells) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  const winning = new Set();
  for (const line of lines) {
    const marks = line.map((index) => cells[index].classical);
    if (marks.every((mark) => mark && mark.player === marks[0].player)) line.forEach((index) => winning.add(index));
  }
  return winning;
}

/** One mark as text with its subscript: X₃. */
function qtttMark(mark, classical) {
  const subscript = String(mark.move).split('').map((digit) => '₀₁₂₃₄₅₆₇₈₉'[digit]).join('');
  const letter = classical ? mark.player.toUpperCase() : mark.player;
  return el('span', { class: `mark-${mark.player}` }, letter + subscript);
}

class Qttt {
  constructor(gtp) {
    this.gtp = gtp;
    this.panel = new Panel('qttt');
    this.board = document.getElementById('qttt-board');
    this.graph = document.getElementById('qttt-graph');
    this.mode = document.getElementById('qttt-mode');
    this.hint = document.getElementById('qttt-hint');
    this.selected = null;
    this.status = parseQtttStatus('move x');
    this.cells = parseQtttShow('');
    document.getElementById('qttt-new').addEventListener('click', () => this.panel.run(() => this.newGame()));
    document.getElementById('qttt-undo').addEventListener('click', () => this.panel.run(() => this.undo()));
    this.mode.addEventListener('change', () => this.panel.run(() => this.refresh()));
    this.hint.addEventListener('click', () => {
      this.hint.setAttribute('aria-pressed', String(this.hint.getAttribute('aria-pressed') !== 'true'));
      this.panel.run(() => this.refresh());
    });
  }

  /** A fresh game, as on a new connection. */
  reset() {
    return this.panel.run(() => this.newGame());
  }

  async newGame() {
    await this.gtp.ask('qttt-new');
    this.selected = null;
    await this.refresh();
  }

  /** The player the engine plays, if any. */
  engineSide() {
    return { x: 'o', o: 'x', both: null }[this.mode.value];
  }

  /** Whether the engine is the one to act now. */
  engineToAct() {
    return this.status.kind !== 'over' && this.status.player === this.engineSide();
  }

  /** Reads the game from the server, lets the engine act when it is its turn, redraws. */
  async refresh() {
    for (;;) {
      const [status, show, record] = await this.gtp.askAll(['qttt-status', 'qttt-show', 'qttt-record']);
      this.status = parseQtttStatus(status.text);
      this.cells = parseQtttShow(show.text);
      this.record = record.text.trim();
      this.render();
      if (!this.engineToAct()) break;
      await this.gtp.ask('qttt-genmove');
    }
    await this.renderChoices();
    await this.renderHints();
  }

  async play(token) {
    this.selected = null;
    await this.gtp.ask(`qttt-play ${token}`);
    await this.refresh();
  }

  /** Takes back the last action, and the engine's before it, back to the player's turn. */
  async undo() {
    this.selected = null;
    await this.gtp.ask('qttt-undo');
    for (let more = 0; more < 3; more++) {
      this.status = parseQtttStatus(await this.gtp.ask('qttt-status'));
      if (!this.engineToAct()) break;
      const [undone] = await this.gtp.askAll(['qttt-undo']);
      if (!undone.ok) break; // the engine's first move: it is played again
    }
    await this.refresh();
  }

  click(index) {
    if (this.panel.running || this.status.kind !== 'move' || this.engineToAct()) return;
    if (this.cells[index].classical) return;
    const free = this.cells.filter((cell) => !cell.classical).length;
    if (this.selected === null) {
      if (free === 1) {
        this.panel.run(() => this.play(QTTT_CELLS[index].repeat(2)));
        return;
      }
      this.selected = index;
      this.render();
    } else if (this.selected === index) {
      this.selected = null;
      this.render();
    } else {
      const token = QTTT_CELLS[this.selected] + QTTT_CELLS[index];
      this.panel.run(() => this.play(token));
    }
  }

  render() {
    const edges = qtttEdges(this.cells);
    const cycle = this.status.kind === 'collapse' ? qtttCycle(edges) : { moves: new Set(), cells: new Set() };
    const winning = qtttWinningCells(this.cells);
    this.board.replaceChildren(...this.cells.map((cell, index) => {
      const letter = QTTT_CELLS[index];
      const marks = cell.classical ? [el('span', { class: 'classical' }, qtttMark(cell.classical, true))]
        : cell.spooky.map((mark) => qtttMark(mark, false));
      const described = cell.classical ? `${cell.classical.player.toUpperCase()}${cell.classical.move}`
        : cell.spooky.map((mark) => `${mark.player}${mark.move}`).join(' ') || 'empty';
      const classes = ['cell'];
      if (this.selected === index) classes.push('selected');
      if (cycle.cells.has(index)) classes.push('cycle');
      if (winning.has(index)) classes.push('win');
      if (cell.classical) classes.push('classical-cell');
      return el('button', {
        class: classes.join(' '),
        'data-cell': letter,
        'data-classical': String(Boolean(cell.classical)),
        'aria-label': `cell ${letter}: ${described}`,
        onclick: () => this.click(index),
      }, ...marks, el('span', { class: 'letter' }, letter));
    }));
    this.renderGraph(edges, cycle);
    const who = (player) => player.toUpperCase();
    const you = this.engineSide() === null ? '' : ' (you)';
    const status = document.getElementById('qttt-status');
    if (this.status.kind === 'move') {
      status.textContent = `${who(this.status.player)} to move${this.engineToAct() ? '' : you}` +
        (this.selected === null ? '' : `: now the second cell for ${QTTT_CELLS[this.selected]}`);
    } else if (this.status.kind === 'collapse') {
      status.textContent = `A cycle closed: ${who(this.status.player)}${this.engineToAct() ? '' : you} chooses how it collapses`;
    } else {
      const [x, o] = this.status.score.map(Number);
      status.textContent = x > o ? 'Game over: X wins' : o > x ? 'Game over: O wins' : 'Game over: a draw';
    }
    this.panel.root.dataset.status = [this.status.kind, this.status.player, ...this.status.options,
      ...(this.status.score || [])].filter(Boolean).join(' ');
    document.getElementById('qttt-record').textContent = this.record || '(no moves yet)';
    document.getElementById('qttt-score').textContent = this.status.score ? this.status.score.join(' ') : '0 0';
  }

  /** The entanglement graph over the board: a line (or an arc, for a repeated pair) per move. */
  renderGraph(edges, cycle) {
    const centre = (index) => [50 + 100 * (index % 3), 50 + 100 * Math.floor(index / 3)];
    const seen = new Map();
    this.graph.replaceChildren(...edges.filter((edge) => edge.a !== edge.b).map((edge) => {
      const key = `${Math.min(edge.a, edge.b)}-${Math.max(edge.a, edge.b)}`;
      const repeat = seen.get(key) || 0;
      seen.set(key, repeat + 1);
      const [x1, y1] = centre(edge.a);
      const [x2, y2] = centre(edge.b);
      const bend = repeat === 0 ? 0 : (repeat % 2 === 1 ? 1 : -1) * 22 * Math.ceil(repeat / 2);
      const length = Math.hypot(x2 - x1, y2 - y1);
      const cx = (x1 + x2) / 2 - ((y2 - y1) / length) * bend;
      const cy = (y1 + y2) / 2 + ((x2 - x1) / length) * bend;
      const cls = cycle.moves.has(edge.move) ? 'cycle' : '';
      return el('g', {},
        el('path', { d: `M${x1},${y1} Q${cx},${cy} ${x2},${y2}`, class: cls }),
        el('text', { x: (x1 + x2 + 2 * cx) / 4 + 4, y: (y1 + y2 + 2 * cy) / 4 - 4 }, `${edge.player}${edge.move}`));
    }));
  }

  /** When the player must choose a collapse: each option as the board it leads to. */
  async renderChoices() {
    const box = document.getElementById('qttt-choices');
    box.replaceChildren();
    if (this.status.kind !== 'collapse' || this.engineToAct()) return;
    const boards = [];
    for (const option of this.status.options) {
      await this.gtp.ask(`qttt-play ${option}`);
      const [show, undo] = await this.gtp.askAll(['qttt-show', 'qttt-undo']);
      if (!undo.ok) throw new GtpError(undo.text);
      boards.push([option, parseQtttShow(show.text)]);
    }
    box.replaceChildren(...boards.map(([option, cells]) => el('div', { class: 'choice-box' },
      el('button', {
        class: 'choice',
        'data-token': option,
        'aria-label': `collapse so that mark ${option} fills its first cell`,
        onclick: () => this.panel.run(() => this.play(option)),
      }, ...cells.map((cell) => el('span', {}, cell.classical ? qtttMark(cell.classical, true)
        : cell.spooky.map((mark) => `${mark.player}${mark.move}`).join(' ')))),
      el('span', {}, `choose ${option}`))));
  }

  /** The value of every legal action, from `qttt-analyze`, when hints are on. */
  async renderHints() {
    const box = document.getElementById('qttt-hints');
    box.replaceChildren();
    if (this.hint.getAttribute('aria-pressed') !== 'true' || this.status.kind === 'over' || this.engineToAct()) return;
    const player = this.status.player;
    const actions = (await this.gtp.ask('qttt-analyze')).trim().split('\n').map((line) => {
      const [token, x, o] = line.trim().split(/\s+/);
      const own = Number(player === 'x' ? x : o);
      const other = Number(player === 'x' ? o : x);
      return { token, x, o, value: own - other };
    });
    actions.sort((a, b) => b.value - a.value);
    box.append(el('p', {}, `Perfect play after each action (X's score, O's score), best for ${player.toUpperCase()} first:`));
    for (const action of actions) {
      const outcome = action.value > 0 ? 'win' : action.value < 0 ? 'loss' : 'draw';
      box.append(el('button', {
        class: outcome,
        title: `${outcome} for ${player.toUpperCase()}`,
        onclick: () => this.panel.run(() => this.play(action.token)),
      }, `${action.token}: ${outcome} ${action.x}–${action.o}`));
    }
  }
}
