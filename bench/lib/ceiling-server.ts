// The ceiling for `npm run bench:http`: a bare Fastify answering {"hello":"world"} on the same Node,
// in its own process, with no logging, hooks or database. Whatever an endpoint of the app does
// costs its distance from this figure, measured in the same run on the same (possibly busy) machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const close = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
