import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountDataCard } from '@/features/account/components/account-data-card';
import { useUser } from '@/features/auth/api/use-user';
import { PaymentDetails } from '@/features/billing/components/payment-details';
import { ProfileForm } from '@/features/profile/components/profile-form';

/** Screen: the profile, in three tabs. */
export default function ProfileRoute() {
  const { user } = useUser();
  // '?tab=payment' opens Payment Details (the plans page's terms link there).
  const [params] = useSearchParams();
  const tab = params.get('tab');
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Profile" subtitle="Manage your account settings" />
      <Tabs defaultValue={tab === 'payment' || tab === 'security' ? tab : 'personal'}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="personal" className="flex-1 sm:flex-none">
            <span className="sm:hidden">Personal</span>
            <span className="hidden sm:inline">Personal Information</span>
          </TabsTrigger>
          <TabsTrigger value="security" className="flex-1 sm:flex-none">
            <span className="sm:hidden">Security</span>
            <span className="hidden sm:inline">Security Information</span>
          </TabsTrigger>
          <TabsTrigger value="payment" className="flex-1 sm:flex-none">
            <span className="sm:hidden">Payment</span>
            <span className="hidden sm:inline">Payment Details</span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="personal">
          <Card>
            <CardHeader>
              <CardTitle>Personal Information</CardTitle>
              <CardDescription>Your name and the email you sign in with.</CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileForm key={user.id} user={user} />
            </CardContent>
          </Card>
          <AccountDataCard />
        </TabsContent>
        <TabsContent value="security">
          <Card>
            <CardHeader>
              <CardTitle>Security Information</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-muted-foreground">Security settings will be implemented soon.</p>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="payment">
          <Card>
            <CardHeader>
              <CardTitle>Payment Details</CardTitle>
            </CardHeader>
            <CardContent>
              <PaymentDetails />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
