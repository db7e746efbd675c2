import { fitBaseline } from './baseline-model';
import { syntheticDays } from './synthetic-days';

const days = syntheticDays({
  seed: 1,
  base: 50,
  heating: { balancePointC: 15, slope: 3 },
  cooling: { balancePointC: 22, slope: 4 },
  occupancySlope: 2,
  noise: 3,
});
for (let r = 0; r < 20; r++) fitBaseline(days); // warm-up
const wall: number[] = [];
const c0 = process.cpuUsage();
const R = 100;
for (let r = 0; r < R; r++) {
  const t0 = performance.now();
  fitBaseline(days);
  wall.push(performance.now() - t0);
}
const c = process.cpuUsage(c0);
wall.sort((a, b) => a - b);
console.log(
  `cpu per fit ${((c.user + c.system) / 1000 / R).toFixed(2)} ms; wall min ${wall[0]?.toFixed(2)} median ${wall[R / 2]?.toFixed(2)} ms`,
);
const c1 = process.cpuUsage();
const t1 = performance.now();
fitBaseline(syntheticDays({ seed: 3, base: 50, heating: { balancePointC: 15, slope: 3 }, noise: 3 }));
const cc = process.cpuUsage(c1);
console.log(
  `cold-ish fit: wall ${(performance.now() - t1).toFixed(2)} cpu ${((cc.user + cc.system) / 1000).toFixed(2)} ms`,
);
