/**
 * CPU time of one sign-in's password check (scrypt with the production parameters), measured
 * in-process.
 */
import { hashPassword, verifyPassword } from "../../app/core/passwords.server";

export async function measureSignInCpu(
  samples = 10,
): Promise<{ cpuMsPerSignIn: number; wallMsPerSignIn: number }> {
  const hash = await hashPassword("benchmark password");
  await verifyPassword("benchmark password", hash);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let i = 0; i < samples; i++) await verifyPassword("benchmark password", hash);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    cpuMsPerSignIn: (cpu.user + cpu.system) / 1000 / samples,
    wallMsPerSignIn: (performance.now() - wallBefore) / samples,
  };
}
