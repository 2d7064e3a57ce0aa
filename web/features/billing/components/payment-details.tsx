/** The profile's payment details tab (owned by the billing feature). */
export function PaymentDetails() {
  return <p className="text-muted-foreground">No subscription information available.</p>;
}
