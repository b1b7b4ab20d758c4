import { redirect } from 'next/navigation';

export default function OperatorHome() {
  redirect('/operator/tenants');
}
