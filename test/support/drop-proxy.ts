/**
 * A TCP relay on loopback between the browser and browser mode's server, so a test can drop every open connection at
 * once while the server keeps running: what a laptop's Wi-Fi or a sleeping tablet does to a WebSocket. Pages open the
 * relay's address; the relay rewrites the Host and Origin headers' port to the server's (the server answers only to
 * its own name and port), and `drop()` destroys every relayed socket. `target` may change (a server restarted on
 * another port); loopback only.
 */
import { createServer, connect, type Server, type Socket } from 'node:net'

export interface DropProxy {
  port: number
  /** the page URL of the server's `url`, through the relay */
  via(url: string): string
  setTarget(port: number): void
  /** destroy every relayed connection (the pages see their WebSocket close) */
  drop(): number
  close(): Promise<void>
}

export async function startDropProxy(targetPort: number): Promise<DropProxy> {
  let target = targetPort
  const open = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1')
    open.add(client).add(upstream)
    const forget = () => {
      open.delete(client)
      open.delete(upstream)
      client.destroy()
      upstream.destroy()
    }
    client.on('close', forget).on('error', forget)
    upstream.on('close', forget).on('error', forget)
    // requests carry the relay's port in Host and Origin: the server's own port instead (a WebSocket frame from a page
    // is masked, so its bytes never spell a header line)
    const hostLine = new RegExp(`^((?:Host|Origin):\\s*(?:http://)?127\\.0\\.0\\.1):${port()}\\r$`, 'gim')
    client.on('data', (d: Buffer) => {
      const s = d.toString('latin1')
      upstream.write(/^(GET|POST|PUT|HEAD|OPTIONS|DELETE) /.test(s) ? Buffer.from(s.replace(hostLine, `$1:${target}\r`), 'latin1') : d)
    })
    upstream.on('data', (d: Buffer) => client.write(d))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = () => (server.address() as { port: number }).port
  return {
    port: port(),
    via: (url) => {
      const u = new URL(url)
      u.port = String(port())
      return u.toString()
    },
    setTarget: (p) => {
      target = p
    },
    drop() {
      const n = open.size
      for (const s of open) s.destroy()
      open.clear()
      return n
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy()
        server.close(() => resolve())
      }),
  }
}
