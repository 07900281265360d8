import {
  LOGISTICS_DIVISION_ID,
  companyTypeName,
  contactCategories,
  effortLevels,
  grades,
  logisticsFlags,
  nationalityName,
  type ContactCategoryId,
  type ContactDetails,
} from '@crm/contracts'
import { CallablePhone } from '../calls'
import { ErasedValue, isErased } from '../../components/erased-value'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDate, formatDateTime } from '../../lib/format-date'
import { Empty, organizationTypeName } from '../../components/ui/empty-value'
import { DetailList } from '../../components/ui/detail-list'
import { SaferLink } from '../../components/safer-link'
import { StatusBadge } from '../../components/status-badge'
import { DivisionName } from '../../components/division-name'

/** A phone number with its call button (click-to-call). */
const callable = (contact: ContactDetails, value: string | null) =>
  isErased(value) ? (
    <ErasedValue />
  ) : (
    value && (
      <CallablePhone contactId={contact.id} phone={value} contactName={contact.name ?? ''} email={contact.email} />
    )
  )

const countryNames: Record<string, string> = { US: 'United States', CA: 'Canada', MX: 'Mexico' }

const languageOf = (contact: ContactDetails) => contact.preferredLanguage ?? nationalityName(contact.nationalityId)

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** What the contact owes and how late it pays: the facts behind Collection List and Credit Exposure. */
export function CollectionCard({ contact }: { contact: ContactDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Collection</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList
          items={[
            [
              'Current balance',
              contact.currentBalance === null ? null : (
                <span className="tabular">{usd.format(contact.currentBalance)}</span>
              ),
            ],
            ['Days late', contact.daysLate],
            ['Last collection activity', formatDateTime(contact.lastCollectionActivity)],
          ]}
        />
      </CardContent>
    </Card>
  )
}

/** The four logistics switches as they stand (switched on the customer page), only for logistics customers. */
export function LogisticsFlagsCard({ contact }: { contact: ContactDetails }) {
  if (!contact.contactDivisionData.some((d) => d.divisionId === LOGISTICS_DIVISION_ID)) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>Logistics</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList
          items={logisticsFlags.map((flag) => [
            flag.label,
            contact[flag.key] ? `On since ${formatDate(contact[flag.dateKey]) || 'unknown'}` : 'Off',
          ])}
        />
      </CardContent>
    </Card>
  )
}

export function CompanyCard({ contact }: { contact: ContactDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Company</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList
          items={[
            ['Name', contact.name],
            ['DBA', contact.dba],
            ['Company owner', contact.ownerName],
            ['Org. type', organizationTypeName(contact.organizationTypeId)],
            ['Category', contactCategories[contact.contactCategory as ContactCategoryId]],
            ['Preferred language', languageOf(contact)],
            ['Company type', companyTypeName(contact.companyTypeId)],
            ['# of trucks', contact.numberOfTrucks],
            ['Established', formatDate(contact.dateEstablished)],
            ['US DOT', contact.dotNumber && <SaferLink kind="dot" value={contact.dotNumber} />],
            ['MC number', contact.mcNumber && <SaferLink kind="mc" value={contact.mcNumber} />],
          ]}
        />
      </CardContent>
    </Card>
  )
}

export function ContactInfoCard({ contact }: { contact: ContactDetails }) {
  const { address } = contact
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact info</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DetailList
          items={[
            [
              'Email',
              isErased(contact.email) ? (
                <ErasedValue />
              ) : (
                contact.email && (
                  <a href={`mailto:${contact.email}`} className="text-link hover:underline">
                    {contact.email}
                  </a>
                )
              ),
            ],
            ['Business phone', callable(contact, contact.businessPhone)],
            ['Mobile phone', callable(contact, contact.mobilePhone)],
            ['Home phone', callable(contact, contact.homePhone)],
            ['SAFER phone', callable(contact, contact.saferPhone)],
            ['SAFER mobile', callable(contact, contact.saferMobilePhone)],
          ]}
        />
        <div className="border-t pt-3">
          <DetailList
            items={[
              [
                'Address',
                (address.street1 || cityLine) && (
                  <address className="not-italic">
                    {address.street1 && <div>{address.street1}</div>}
                    {cityLine && <div>{cityLine}</div>}
                    {address.country && (
                      <div className="text-muted-foreground">{countryNames[address.country] ?? address.country}</div>
                    )}
                  </address>
                ),
              ],
            ]}
          />
        </div>
      </CardContent>
    </Card>
  )
}

export function ActivityDatesCard({ contact }: { contact: ContactDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dates</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList
          items={[
            ['Last contact', formatDate(contact.lastContactDate)],
            ['Last meeting', formatDate(contact.lastMeetingDate)],
            ['Imported', formatDateTime(contact.importDate)],
            ['Created', formatDateTime(contact.createdAt)],
          ]}
        />
      </CardContent>
    </Card>
  )
}

export function DivisionStatusesCard({ contact }: { contact: ContactDetails }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>Division statuses</CardTitle>
      </CardHeader>
      {contact.contactDivisionData.length === 0 ? (
        <CardContent className="text-muted-foreground">Not in any division yet.</CardContent>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Division</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Grade</TableHead>
              <TableHead>Effort</TableHead>
              <TableHead>Assigned</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {contact.contactDivisionData.map((d) => (
              <TableRow key={d.divisionId}>
                <TableCell>
                  <DivisionName id={d.divisionId} />
                </TableCell>
                <TableCell>
                  <StatusBadge statusId={d.statusId} />
                </TableCell>
                <TableCell>{d.grade ? (grades[d.grade as keyof typeof grades] ?? 'Cold') : <Empty />}</TableCell>
                <TableCell>
                  {d.effortLevel ? effortLevels[d.effortLevel as keyof typeof effortLevels] : <Empty />}
                </TableCell>
                <TableCell className="truncate">{d.assignedName ?? (d.assigned ? 'Assigned' : 'Unassigned')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  )
}
