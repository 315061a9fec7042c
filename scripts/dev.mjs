// `npm run dev`: the API (tsx watch) on API_PORT and Vite with hot reload on PORT, proxying /api.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, APP_ORIGIN: `http://localhost:${port}` } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
