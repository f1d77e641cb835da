import { useGetPublicConfigQuery } from '../../lib/public-config';

/** The sign-up step's promise of free credits, when this deployment gives any (GET /config). */
export function SignupCreditsNote() {
  const { data: config } = useGetPublicConfigQuery();
  const signupCredits = config?.signupCredits ?? 0;
  return signupCredits > 0 ? ` New accounts start with ${signupCredits} free credits to try every format.` : null;
}
