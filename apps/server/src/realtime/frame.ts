/**
 * One websocket text frame as a server sends it (RFC 6455 §5.2: final, unmasked, uncompressed),
 * built once per event: a fan-out to thousands of sockets then writes the same bytes to each
 * socket's stream instead of having `ws` encode and frame the text again per socket.
 */
export function encodeTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  // FIN and opcode 1 (text).
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
