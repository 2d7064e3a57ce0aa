/** 'Refer a Friend' button and dialog (owned by the referrals feature). */
export function ReferFriendDialog() {
  return null;
}
