'use strict';
// One gamebot session over a WebSocket: commands go out as text messages, answers come
// back in order. A message from the server is one whole response, or a piece of a
// streamed one (an analysis), whose last piece ends with the empty line.

/** A command the server refused: its message is the server's words after `?`. */
class GtpError extends Error {}

/** A session with the server over `/ws`. */
class Gtp {
  /** `onState(state, detail)` hears 'connecting', 'open' and 'closed' (with a reason). */
  constructor(onState) {
    this.onState = onState;
    this.socket = null;
    this.pending = [];
    this.buffer = '';
  }

  /** Opens the WebSocket; resolves once it is open or has failed. */
  connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const socket = new WebSocket(scheme + location.host + '/ws');
    this.socket = socket;
    this.buffer = '';
    this.onState('connecting');
    return new Promise((resolve) => {
      socket.onopen = () => {
        this.onState('open');
        resolve();
      };
      socket.onmessage = (event) => this.receive(event.data);
      socket.onclose = (event) => {
        if (this.socket !== socket) return;
        const lost = this.pending;
        this.pending = [];
        lost.forEach((waiter) => waiter.reject(new GtpError('the connection to the server was lost')));
        const why = event.reason || (event.code === 1000 ? 'the server ended the session, idle for too long'
          : event.code === 1006 ? 'the server cannot be reached' : `code ${event.code}`);
        this.onState('closed', why);
        resolve();
      };
    });
  }

  /** Whether the session is open. */
  get open() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends `lines` in one message; resolves to their answers, `{ok, text}` each, in order. */
  askAll(lines) {
    if (!this.open) return Promise.reject(new GtpError('not connected to the server'));
    const answers = lines.map(() => new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject, onLine: null, seen: 0 });
    }));
    this.socket.send(lines.join('\n'));
    return Promise.all(answers);
  }

  /** Sends one command; resolves to its result text, or rejects with a GtpError. */
  async ask(line) {
    const [answer] = await this.askAll([line]);
    if (!answer.ok) throw new GtpError(answer.text);
    return answer.text;
  }

  /** Sends a streaming command (an analysis); `onLine` gets each line as it comes. */
  stream(line, onLine) {
    if (!this.open) return Promise.reject(new GtpError('not connected to the server'));
    const answer = new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject, onLine, seen: 0 });
    });
    this.socket.send(line);
    return answer;
  }

  /** Ends a running analysis: an empty line, which gets no answer of its own. */
  stopStream() {
    if (this.open) this.socket.send('');
  }

  /** Takes in one message: completes every response it ends, feeds streamed lines. */
  receive(data) {
    this.buffer += data;
    for (;;) {
      const waiter = this.pending[0];
      const end = this.buffer.indexOf('\n\n');
      if (waiter && waiter.onLine) {
        const upTo = end >= 0 ? end + 1 : this.buffer.lastIndexOf('\n') + 1;
        if (upTo > waiter.seen) {
          const fresh = this.buffer.slice(waiter.seen, upTo);
          waiter.seen = upTo;
          fresh.split('\n').filter((piece) => piece.trim() !== '').forEach(waiter.onLine);
        }
      }
      if (end < 0) return;
      const raw = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      if (!waiter) continue; // `? server busy`, sent before any command
      this.pending.shift();
      waiter.resolve(parseResponse(raw));
    }
  }
}

/** `=[id] result` or `?[id] message`, without the empty line, as `{ok, text}`. */
function parseResponse(raw) {
  const match = /^([=?])\d* ?([\s\S]*)$/.exec(raw);
  if (!match) return { ok: false, text: `unreadable answer: ${raw}` };
  return { ok: match[1] === '=', text: match[2] };
}

/** Builds an element: `el('button', {class: 'x', onclick: f}, 'text', child...)`. */
function el(tag, attributes = {}, ...children) {
  const svg = ['svg', 'line', 'path', 'circle', 'rect', 'text', 'g'].includes(tag);
  const node = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/**
 * Runs `action` for a game's panel: one at a time, the panel marked busy meanwhile,
 * and a refusal or a lost connection shown in words in its error line.
 */
class Panel {
  constructor(id) {
    this.root = document.getElementById(id);
    this.error = document.getElementById(`${id}-error`);
    this.running = false;
  }

  async run(action) {
    if (this.running) return;
    this.running = true;
    this.root.dataset.busy = '1';
    this.error.textContent = '';
    try {
      await action();
    } catch (error) {
      this.error.textContent = error instanceof GtpError ? `Refused: ${error.message}` : `Error: ${error.message}`;
      if (!(error instanceof GtpError)) console.error(error);
    } finally {
      this.running = false;
      this.root.dataset.busy = '0';
    }
  }

  /** Shows a problem found before anything was sent. */
  complain(message) {
    this.error.textContent = message;
  }
}
