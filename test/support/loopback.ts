import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** A test server listening on 127.0.0.1. */
export interface Listening {
  port: number
  /** Stops the server and ends its open connections, so that no keep-alive socket holds the test open. */
  close(): Promise<void>
}

/** Starts `server` on 127.0.0.1 at a free port. */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      }),
  }
}
