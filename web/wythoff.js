'use strict';
// Wythoff's Nim: two piles drawn as counters (as numbers when large), moves by clicking
// or typed in (piles of thousands of digits work: all arithmetic is BigInt), the engine's
// reply, and the cold positions near the current one, asked of the server's solver.

/** Piles drawn as counters up to this size; larger ones as numbers. */
const WYTHOFF_MOST_COUNTERS = 40;
/** The grid shows this many steps down from each pile. */
const WYTHOFF_GRID_STEPS = 7;

/** A pile typed by the player, or null when it is not a whole number. */
function wythoffPile(text) {
  const trimmed = text.replace(/\s+/g, '');
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, '') : null;
}

class Wythoff {
  constructor(gtp) {
    this.gtp = gtp;
    this.panel = new Panel('wythoff');
    this.piles = null;
    this.toMove = 'first';
    this.winner = null;
    this.history = [];
    document.getElementById('wythoff-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.panel.run(() => this.newGame());
    });
    document.getElementById('wythoff-move').addEventListener('submit', (event) => {
      event.preventDefault();
      const a = wythoffPile(document.getElementById('wythoff-to-a').value);
      const b = wythoffPile(document.getElementById('wythoff-to-b').value);
      if (a === null || b === null) {
        this.panel.complain('A pile is a whole number of counters, such as 0 or 12.');
        return;
      }
      this.panel.run(() => this.move(a, b));
    });
  }

  reset() {
    return this.panel.run(() => this.newGame());
  }

  /** The side the player plays. */
  yourSide() {
    return document.getElementById('wythoff-first').value === 'you' ? 'first' : 'second';
  }

  async newGame() {
    const a = wythoffPile(document.getElementById('wythoff-a').value);
    const b = wythoffPile(document.getElementById('wythoff-b').value);
    if (a === null || b === null) {
      throw new Error('a pile is a whole number of counters, such as 0 or 12');
    }
    await this.gtp.ask(`wythoff-new ${a} ${b}`);
    this.history = [`start at ${a} ${b}`];
    await this.refresh();
  }

  /** The player moves to (a, b); then the engine answers. */
  async move(a, b) {
    if (this.winner !== null) throw new GtpError('the game is over: start a new one');
    if (this.toMove !== this.yourSide()) return;
    await this.gtp.ask(`wythoff-play ${a} ${b}`);
    this.history.push(`you: ${a} ${b}`);
    await this.refresh();
  }

  /** Reads the position; lets the engine move when it is its turn; redraws. */
  async refresh() {
    for (;;) {
      const words = (await this.gtp.ask('wythoff-status')).trim().split(/\s+/);
      this.piles = [words[0], words[1]];
      this.toMove = words[2];
      this.winner = words[3] === 'won' ? words[2] : null;
      if (this.winner !== null || this.toMove === this.yourSide()) break;
      this.render();
      this.history.push(`engine: ${(await this.gtp.ask('wythoff-genmove')).trim()}`);
    }
    this.render();
    await this.renderGrid();
  }

  render() {
    const [a, b] = this.piles;
    const status = document.getElementById('wythoff-status');
    const result = document.getElementById('wythoff-result');
    if (this.winner !== null) {
      status.textContent = 'No counters are left.';
      result.textContent = this.winner === this.yourSide() ? 'You took the last counter: you won!'
        : 'The engine took the last counter: it won.';
    } else {
      status.textContent = this.toMove === this.yourSide() ? 'Your move.' : 'The engine is moving.';
      result.textContent = '';
    }
    this.panel.root.dataset.status = `${a} ${b} ${this.toMove}${this.winner ? ' won' : ''}`;
    document.getElementById('wythoff-to-a').value = a;
    document.getElementById('wythoff-to-b').value = b;
    document.getElementById('wythoff-piles').replaceChildren(this.pile('A', 0), this.pile('B', 1));
    const short = (entry) => (entry.length > 60 ? `${entry.slice(0, 57)}…` : entry);
    document.getElementById('wythoff-history').replaceChildren(...this.history.map((entry) => el('li', { title: entry }, short(entry))));
  }

  /** One pile: its counters, or its number and a box to take some. */
  pile(name, which) {
    const size = BigInt(this.piles[which]);
    const counters = el('div', { class: 'counters' });
    if (size <= WYTHOFF_MOST_COUNTERS) {
      for (let left = 0n; left < size; left++) {
        counters.append(el('button', {
          class: 'counter',
          'data-pile': name,
          'data-leaves': String(left),
          'aria-label': `take from pile ${name} down to ${left}`,
          onclick: () => this.take(which, size - left),
        }));
      }
    } else {
      const amount = el('input', { inputmode: 'numeric', size: 8, value: '1', 'aria-label': `counters to take from pile ${name}` });
      counters.append(el('form', {
        class: 'controls',
        onsubmit: (event) => {
          event.preventDefault();
          const taken = wythoffPile(amount.value);
          if (taken === null || BigInt(taken) === 0n) this.panel.complain('Take a whole number of counters, at least 1.');
          else this.take(which, BigInt(taken));
        },
      }, el('label', {}, 'Take ', amount), el('button', {}, 'Take')));
    }
    return el('div', { class: 'pile' },
      el('h3', {}, `Pile ${name}: `, el('span', { class: 'big-number' }, this.piles[which])), counters);
  }

  /** Takes `amount` counters from pile `which`, or from both when the player chose so. */
  take(which, amount) {
    const both = document.querySelector('input[name="wythoff-take"]:checked').value === 'both';
    const piles = this.piles.map(BigInt);
    piles[which] -= amount;
    if (both) piles[1 - which] -= amount;
    if (piles.some((pile) => pile < 0n)) {
      this.panel.complain(`Pile ${which === 0 ? 'B' : 'A'} has fewer than ${amount} counters.`);
      return;
    }
    this.panel.run(() => this.move(String(piles[0]), String(piles[1])));
  }

  /** The positions a few steps below this one, cold ones marked, reachable ones clickable. */
  async renderGrid() {
    const [a, b] = this.piles.map(BigInt);
    const steps = (pile) => {
      const down = [];
      for (let i = 0n; i <= WYTHOFF_GRID_STEPS && i <= pile; i++) down.push(pile - i);
      return down;
    };
    const rows = steps(a);
    const columns = steps(b);
    const lines = [];
    for (const x of rows) for (const y of columns) lines.push(`wythoff-solve ${x} ${y}`);
    const answers = await this.gtp.askAll(lines);
    const label = (value, pile, name) => (String(value).length <= 4 ? String(value)
      : value === pile ? name : `${name}−${pile - value}`);
    const grid = document.getElementById('wythoff-grid');
    grid.style.gridTemplateColumns = `repeat(${columns.length + 1}, minmax(1.9rem, max-content))`;
    const cells = [el('span', { class: 'axis' }, 'A\\B'), ...columns.map((y) => el('span', { class: 'axis' }, label(y, b, 'B')))];
    rows.forEach((x, r) => {
      cells.push(el('span', { class: 'axis' }, label(x, a, 'A')));
      columns.forEach((y, c) => {
        const cold = answers[r * columns.length + c].text.trim() === 'none';
        const here = x === a && y === b;
        const reachable = !here && this.winner === null && (x === a || y === b || a - x === b - y);
        const classes = ['spot', cold ? 'cold' : '', here ? 'here' : ''].filter(Boolean).join(' ');
        const name = `${x} ${y}${cold ? ', cold' : ''}${here ? ', the current position' : ''}`;
        cells.push(reachable
          ? el('button', { class: classes, title: name, 'aria-label': `move to ${name}`, onclick: () => this.panel.run(() => this.move(String(x), String(y))) }, cold ? '●' : '')
          : el('span', { class: classes, title: name }, cold ? '●' : ''));
      });
    });
    grid.replaceChildren(...cells);
  }
}
