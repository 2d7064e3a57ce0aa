import { z } from 'zod';
import {
  athleticsDomainInputSchema,
  athleticsDomainSchema,
  collegeDomainParams,
  collegeDomainsSchema,
  collegeParams,
} from '../coach-domains';
import { defineEndpoint } from '../endpoint';

const tags = ['coach'];

/** Admin: a college's athletics domains, whose work emails verify a coach by the email link (decision 211). */
export const coachDomainsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/colleges/:ipedsId/athletics-domains',
    access: 'admin',
    tags,
    params: collegeParams,
    response: collegeDomainsSchema,
    errors: [404],
    summary: "A college's name, website domain and the athletics domains admins added",
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/admin/colleges/:ipedsId/athletics-domains',
    access: 'admin',
    tags,
    params: collegeParams,
    body: athleticsDomainInputSchema,
    response: athleticsDomainSchema,
    status: 201,
    errors: [404, 409],
    summary:
      'Adds a domain (never a public mail domain; subdomains only with includeSubdomains); applications already waiting stay waiting',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/colleges/:ipedsId/athletics-domains/:id',
    access: 'admin',
    tags,
    params: collegeDomainParams,
    response: z.null(),
    status: 204,
    errors: [404],
    summary: 'Removes a domain: the coaches it approved wait for an admin again and are told by mail',
  }),
};
