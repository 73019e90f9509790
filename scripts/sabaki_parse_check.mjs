#!/usr/bin/env node
// Sabaki's own analysis parsing run under node on gamebot's real analysis output.
//
// Usage: node scripts/sabaki_parse_check.mjs PATH/TO/gamebot SABAKI
//
// SABAKI is Sabaki's source: a git directory (a clone, bare or not: its tags v0.60.2 and
// v0.52.2 are read with `git show`, whichever exist) or a checked-out source tree (its
// one version). Nothing of Sabaki is copied into this repository: its parsing function
// is loaded from that source when the check runs.
//
// - v0.60.2: `parseAnalysis(line, board, winrateFormat)` is exported by
//   src/modules/analysis.js, a module with no imports, and is imported as it is.
// - v0.52.2: `parseAnalysis(line, board)` is a plain function inside
//   src/modules/enginesyncer.js (which needs Electron): its text, from `function
//   parseAnalysis(` to the class after it, is evaluated alone.
//
// Restated here, in this script's own words, because they need Sabaki's app around them:
// what src/modules/enginesyncer.js (v0.60.2, the 'command-sent' handler) does with a
// line: the win-rate format is 'float' for a command whose name starts with `kata` and
// 'integer' otherwise, and the position's win rate and score are the largest of the
// variations'; and `board.parseVertex` of @sabaki/go-board (column letters without I,
// rows counted from the top, [-1, -1] off the board), the only board method the parser
// calls.
//
// gamebot is run as Sabaki runs it (`gamebot stdio`); each analysis command's first
// reports are parsed, and the check fails (exit status 1) unless every `info` entry
// becomes a variation with a vertex on the board, its visits, a win rate from 0 to 100
// equal to the one gamebot wrote, and, for the KataGo forms, its score.

import {spawn, execFileSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {createInterface} from 'node:readline'

const [gamebot, sabaki] = process.argv.slice(2)
if (gamebot == null || sabaki == null) {
  console.error('usage: node scripts/sabaki_parse_check.mjs PATH/TO/gamebot SABAKI')
  process.exit(2)
}

const SIZE = 9

// Sabaki's sources by version: the files the parsers live in.
function sources() {
  let isGitDir =
    existsSync(join(sabaki, 'HEAD')) && existsSync(join(sabaki, 'objects'))
  let isClone = existsSync(join(sabaki, '.git'))
  if (isGitDir || isClone) {
    let gitDir = isGitDir ? sabaki : join(sabaki, '.git')
    let show = (tag, path) => {
      try {
        return execFileSync('git', ['--git-dir', gitDir, 'show', `${tag}:${path}`], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        })
      } catch {
        return null
      }
    }
    return ['v0.60.2', 'v0.52.2']
      .map((tag) => ({
        version: tag,
        analysis: show(tag, 'src/modules/analysis.js'),
        syncer: show(tag, 'src/modules/enginesyncer.js'),
      }))
      .filter(({syncer}) => syncer != null)
  }
  let read = (path) =>
    existsSync(join(sabaki, path)) ? readFileSync(join(sabaki, path), 'utf8') : null
  let pkg = read('package.json')
  return [
    {
      version: pkg == null ? 'checkout' : 'v' + JSON.parse(pkg).version,
      analysis: read('src/modules/analysis.js'),
      syncer: read('src/modules/enginesyncer.js'),
    },
  ].filter(({syncer}) => syncer != null)
}

// Sabaki's parseAnalysis of one version, as a function (line, board, format).
async function parserOf({version, analysis, syncer}) {
  if (analysis != null && analysis.includes('export function parseAnalysis')) {
    let dir = mkdtempSync(join(tmpdir(), 'sabaki-'))
    let file = join(dir, `analysis-${version}.mjs`)
    writeFileSync(file, analysis)
    let module = await import(pathToFileURL(file).href)
    return module.parseAnalysis
  }
  let start = syncer.indexOf('function parseAnalysis(')
  let end = syncer.indexOf('export default class', start)
  if (start < 0 || end < 0) throw new Error(`${version}: no parseAnalysis found`)
  let text = syncer.slice(start, end)
  return new Function(`${text}\nreturn parseAnalysis`)()
}

// @sabaki/go-board's parseVertex, restated: column letters without I, rows from the top.
const board = {
  parseVertex(coord) {
    let alpha = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
    if (coord == null || coord.length < 2) return [-1, -1]
    let x = alpha.indexOf(coord[0].toUpperCase())
    let y = SIZE - +coord.slice(1)
    return x >= 0 && x < SIZE && y >= 0 && y < SIZE ? [x, y] : [-1, -1]
  },
}

// gamebot's first reports for each command: {command, lines}.
async function capture(commands) {
  let child = spawn(gamebot, ['stdio', '--seed', '1', '--search-threads', '1'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  })
  let lines = createInterface({input: child.stdout})[Symbol.asyncIterator]()
  let next = async () => {
    let {value, done} = await lines.next()
    if (done) throw new Error('gamebot ended early')
    return value
  }
  let send = (line) => child.stdin.write(line + '\n')
  let response = async () => {
    let head = await next()
    while ((await next()) !== '') {}
    return head
  }
  for (let setup of [`boardsize ${SIZE}`, 'komi 7', 'play b E5', 'play w C3']) {
    send(setup)
    let head = await response()
    if (!head.startsWith('=')) throw new Error(`${setup}: ${head}`)
  }
  let captured = []
  for (let command of commands) {
    send(command)
    let head = await next()
    if (head !== '=') throw new Error(`${command}: ${head}`)
    let reports = []
    for (;;) {
      let line = await next()
      if (line === '') break
      // The genmove form's last line is its move.
      if (!line.startsWith('info ')) continue
      reports.push(line)
      if (reports.length === 2) send('name')
    }
    if ((await response()) !== '= gamebot') throw new Error('name after the analysis')
    captured.push({command, lines: reports})
  }
  send('quit')
  await response()
  return captured
}

// The win rate gamebot wrote in an entry, in percent: its KataGo form always has six
// decimals (a fraction), its Leela Zero form none (hundredths of a percent). So the
// check fails where Sabaki reads a fraction as hundredths (gamebot's `analyze` before
// it wrote hundredths: Sabaki 0.60 showed 0.005%).
function written(entry) {
  let raw = entry.match(/\bwinrate (\S+)/)[1]
  return raw.includes('.') ? +raw * 100 : +raw / 100
}

let versions = sources()
if (versions.length === 0) {
  console.error(`no Sabaki source found in ${sabaki}`)
  process.exit(2)
}
// What Sabaki sends (src/modules/sabaki.js: the first of `engines.analyze_commands`,
// `analyze`, `kata-analyze`, `lz-analyze`, that the engine lists, with the colour and
// `board.analysis_interval`; `genmove_analyze` in engine games). Sabaki never asks for
// `rootInfo`, `ownership` or `pvVisits`: its parser needs each entry to end with its
// variation, so lines with them (KataGo's too) lose entries there.
let captured = await capture([
  'analyze w 10',
  'kata-analyze w 10',
  'lz-analyze w 10',
  'genmove_analyze b 10',
])
let failures = []
for (let source of versions) {
  let parseAnalysis = await parserOf(source)
  for (let {command, lines} of captured) {
    // enginesyncer.js: 'float' for the kata commands, 'integer' for the others.
    let format = command.split(' ')[0].startsWith('kata') ? 'float' : 'integer'
    for (let line of lines) {
      let entries = line.split(/\s*info\s+/).slice(1)
      let variations = parseAnalysis(line, board, format)
      let fail = (what) => failures.push(`${source.version} ${command}: ${what}\n  ${line}`)
      if (variations.length !== entries.length) {
        fail(`${variations.length} variations for ${entries.length} entries`)
        continue
      }
      variations.forEach((variation, i) => {
        let {vertex, visits, winrate, scoreLead, moves} = variation
        if (vertex[0] < 0 || !(visits > 0) || moves.length === 0) {
          fail(`entry ${i}: ${JSON.stringify(variation)}`)
        }
        if (!(winrate >= 0 && winrate <= 100)) fail(`entry ${i}: win rate ${winrate}`)
        if (Math.abs(winrate - written(entries[i])) > 0.01) {
          fail(`entry ${i}: Sabaki reads ${winrate}%, gamebot wrote ${written(entries[i])}%`)
        }
        let scored = !command.startsWith('lz-')
        if (scored !== (scoreLead != null && Number.isFinite(scoreLead))) {
          fail(`entry ${i}: scoreLead ${scoreLead}`)
        }
      })
      let shown = Math.max(...variations.map(({winrate}) => winrate))
      if (!Number.isFinite(shown)) fail(`position win rate ${shown}`)
    }
    let sample = parseAnalysis(lines[lines.length - 1], board, format)[0]
    console.log(
      `${source.version} ${command.padEnd(22)} ${lines.length} reports; best ` +
        `${JSON.stringify(sample.vertex)} ${sample.winrate.toFixed(2)}% ` +
        `score ${sample.scoreLead} visits ${sample.visits}`,
    )
  }
}
if (failures.length > 0) {
  console.error(failures.join('\n'))
  process.exit(1)
}
console.log(
  `ok: Sabaki ${versions.map(({version}) => version).join(' and ')} read gamebot's analysis right`,
)
