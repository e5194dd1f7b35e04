export async function run(): Promise<void> {
  throw new Error("This benchmark is not written yet.");
}
