import { redirect } from 'next/navigation';

/** The console opens on the runs list. */
export default function HomePage(): never {
  redirect('/runs');
}
