/** Every key under a prefix with its metadata, page by page: one `list` call returns at most 1,000. */
export async function listKeys<Metadata>(kv: KVNamespace, prefix: string): Promise<{ name: string; metadata: Partial<Metadata> }[]> {
  const listed: { name: string; metadata: Partial<Metadata> }[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list<Partial<Metadata>>({ prefix, cursor });
    listed.push(...page.keys.map(({ name, metadata }) => ({ name, metadata: metadata ?? {} })));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return listed;
}
