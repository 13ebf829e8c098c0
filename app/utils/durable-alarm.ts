/** Sets a Durable Object's alarm for `at`, unless it is already set sooner (one alarm serves every deadline; the earliest wins). */
export async function setAlarmBy(storage: DurableObjectStorage, at: number): Promise<void> {
  const set = await storage.getAlarm();
  if (set === null || set > at) await storage.setAlarm(at);
}
