import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/api/use-user';
import { PaymentDetails } from '@/features/billing/components/payment-details';
import { ProfileForm } from '@/features/profile/components/profile-form';

/** Screen: the profile, in three tabs. */
export default function ProfileRoute() {
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Profile" subtitle="Manage your account settings" />
      <Tabs defaultValue="personal">
        <TabsList>
          <TabsTrigger value="personal">Personal Information</TabsTrigger>
          <TabsTrigger value="security">Security Information</TabsTrigger>
          <TabsTrigger value="payment">Payment Details</TabsTrigger>
        </TabsList>
        <TabsContent value="personal">
          <Card>
            <CardHeader>
              <CardTitle>Personal Information</CardTitle>
              <CardDescription>Your name and the email you sign in with.</CardDescription>
            </CardHeader>
            <CardContent><ProfileForm key={user.id} user={user} /></CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="security">
          <Card>
            <CardHeader><CardTitle>Security Information</CardTitle></CardHeader>
            <CardContent><p className="text-muted-foreground">Security settings will be implemented soon.</p></CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="payment">
          <Card>
            <CardHeader><CardTitle>Payment Details</CardTitle></CardHeader>
            <CardContent><PaymentDetails /></CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
