/** Any path no other route claims: a real 404, rendered by the root error boundary inside the layout. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
