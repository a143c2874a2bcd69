import { parseArgs } from 'node:util';
import { startLocalBroker } from './local-broker.js';

/**
 * `npm run broker -- [--port 1884] [--dir ./data/broker]`: a local Mosquitto with the shipped
 * configuration (deploy/mosquitto/), for development. Prints the cloud's DEVICE_MQTT_URL; stops on
 * Ctrl+C. The plugin's file and the cloud's password are kept in --dir and reused next time.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '1884' },
    dir: { type: 'string', default: './data/broker' },
  },
});

const broker = await startLocalBroker({ port: Number(values.port), dir: values.dir });
console.log(
  [
    '',
    `  设备通道（Mosquitto，匿名连接已禁止）已启动：${broker.deviceUrl}`,
    `  启动服务端时设置：DEVICE_MQTT_URL='${broker.url}'`,
    `  然后签发设备密钥并连接模拟设备：npm run simulate-devices -- --provision --url ${broker.deviceUrl}`,
    '',
  ].join('\n'),
);
const stop = () => void broker.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
