// Sockets that connect and never send a byte (issue 28, point 3): the flood of `npm run flood` and the
// abuse test hold them against the server, 127.0.0.1 only, to see that visitors still get in.
import net from "node:net";

/** Opens `count` sockets from `localAddress` that never send a byte, opening a new one whenever one is closed, until `stop()`. */
export function holdIdleSockets(port: number, count: number, localAddress = "127.0.0.1") {
  let holding = true;
  let closedByServer = 0;
  const sockets = new Set<net.Socket>();
  const open = () => {
    if (!holding) return;
    const socket = net.connect({ port, host: "127.0.0.1", localAddress });
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => {
      sockets.delete(socket);
      if (!holding) return;
      closedByServer++;
      setTimeout(open, 20);
    });
  };
  for (let index = 0; index < count; index++) open();
  return {
    closedByServer: () => closedByServer,
    stop() {
      holding = false;
      for (const socket of sockets) socket.destroy();
    },
  };
}
