import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MapPin, Plus, Users } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { formatTime, openMeeting, openNewMeeting } from '../calendar'
import { todayMeetingsQuery } from '../tasks'

/** The user's meetings starting today, earliest first. */
export function TodayMeetingsCard() {
  const meetings = useSuspenseQuery(todayMeetingsQuery())
  return (
    <Card aria-label="Today's meetings">
      <CardHeader>
        <CardTitle>Today’s meetings</CardTitle>
        <Button size="sm" variant="ghost" onClick={() => openNewMeeting({})}>
          <Plus /> Meeting
        </Button>
      </CardHeader>
      <CardContent className="py-1">
        <ListStates
          query={meetings}
          what="Meetings"
          isEmpty={(data) => data.length === 0}
          emptyText="No meetings today."
        >
          {(data) => (
            <ul>
              {data.map((m) => (
                <li key={m.id} className="flex gap-3 border-b py-2 last:border-b-0">
                  <div className="w-16 shrink-0 text-xs leading-5 text-muted-foreground tabular">
                    <div className="font-medium text-foreground">{formatTime(new Date(m.meetingStart))}</div>
                    <div>{formatTime(new Date(m.meetingEnd))}</div>
                  </div>
                  <div className="min-w-0 flex-1">
                    <button
                      type="button"
                      onClick={() => openMeeting(m)}
                      className="block max-w-full truncate text-left text-[13px] font-medium hover:text-link hover:underline"
                    >
                      {m.subject}
                    </button>
                    <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                      {m.contactId && m.contactName && (
                        <Link to="/contacts/$id" params={{ id: m.contactId }} className="hover:text-link">
                          {m.contactName}
                        </Link>
                      )}
                      {m.location && (
                        <span className="inline-flex items-center gap-0.5">
                          <MapPin className="size-3" /> {m.location}
                        </span>
                      )}
                      {m.attendees.length > 0 && (
                        <span className="inline-flex items-center gap-0.5">
                          <Users className="size-3" /> {m.attendees.length}
                        </span>
                      )}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </CardContent>
    </Card>
  )
}
