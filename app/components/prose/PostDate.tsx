import { formatPostDate } from "~/content/dates";

export function PostDate({ date }: { date: string }) {
  return <time dateTime={date}>{formatPostDate(date)}</time>;
}
