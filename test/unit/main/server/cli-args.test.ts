import { describe, expect, it } from 'vitest'
import { parseServeArgs } from '../../../../src-main/server/cli-args'

describe('serve flags', () => {
  it('defaults to 127.0.0.1', () => {
    expect(parseServeArgs([])).toEqual({ ok: true, value: { port: 5178, dataDir: null, host: '127.0.0.1', help: false } })
  })
  it('reads --port, --data-dir and --host, with = or a space', () => {
    expect(parseServeArgs(['--port', '8080', '--data-dir=/tmp/x', '--host', '192.168.1.5'])).toEqual({ ok: true, value: { port: 8080, dataDir: '/tmp/x', host: '192.168.1.5', help: false } })
  })
  it('takes --host alone as all interfaces', () => {
    expect(parseServeArgs(['--host']).ok && parseServeArgs(['--host'])).toMatchObject({ value: { host: '0.0.0.0' } })
    expect(parseServeArgs(['--host', '--port', '1'])).toMatchObject({ ok: true, value: { host: '0.0.0.0', port: 1 } })
  })
  it.each([
    [['--prot', '1'], 'argv', 'unknown option "--prot"'],
    [['--port'], 'port', '--port needs a number'],
    [['--port', '70000'], 'port', '--port needs a number'],
    [['--port', '-1'], 'port', '--port needs a number'],
    [['--port', '1e3'], 'port', '--port needs a number'],
    [['--data-dir'], 'dataDir', '--data-dir needs a folder'],
    [['--host', 'a b'], 'host', '--host needs an address'],
    [['serve'], 'argv', 'unknown option'],
  ])('refuses %j naming %s', (argv, field, message) => {
    const r = parseServeArgs(argv)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.field).toBe(field)
      expect(r.error.message).toContain(message)
      expect(r.error.message).not.toContain('\n')
    }
  })
})
