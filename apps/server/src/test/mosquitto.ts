import { mosquittoAvailable } from '../mosquitto-process';

// Debian's Mosquitto for the tests that need a real broker (mosquitto-process.ts): CI must have it.
export {
  DROP_IN,
  dropInFor,
  MOSQUITTO,
  type Mosquitto,
  mosquittoAvailable,
  startMosquitto,
} from '../mosquitto-process';

if (!mosquittoAvailable && process.env.CI) throw new Error('CI must install mosquitto');
