/*
 * lat_client.c
 *	  The high rate of part 5 of make bench: CLIENTS connections, each
 *	  running STATEMENT as a prepared statement back to back for SECONDS;
 *	  prints every execution's round trip in ms, one a line.
 *
 *	  pgbench's per-transaction log is not used for this: it starts a
 *	  transaction's clock with a reading taken when the previous one ended,
 *	  and logs 0 for one whose result had come before it looked.  At tens of
 *	  microseconds a statement that is most of them, and a client thread
 *	  preempted meanwhile is logged as 0 too.
 *
 *	  usage: lat_client CONNINFO SECONDS CLIENTS STATEMENT
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libpq-fe.h"

typedef struct Client
{
	pthread_t	thread;
	PGconn	   *conn;
	double	   *lat;			/* ms */
	size_t		n;
	size_t		cap;
	char	   *error;
} Client;

static double seconds;
static pthread_barrier_t start;

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void *
run(void *arg)
{
	Client	   *c = arg;
	double		end;

	pthread_barrier_wait(&start);
	end = now_ms() + seconds * 1e3;
	for (;;)
	{
		double		t0 = now_ms();
		PGresult   *res = PQexecPrepared(c->conn, "s", 0, NULL, NULL, NULL, 0);
		double		t1 = now_ms();
		ExecStatusType status = PQresultStatus(res);

		if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
		{
			c->error = strdup(PQresultErrorMessage(res));
			PQclear(res);
			break;
		}
		PQclear(res);
		if (c->n == c->cap)
		{
			c->cap = c->cap ? 2 * c->cap : 65536;
			if ((c->lat = realloc(c->lat, c->cap * sizeof(double))) == NULL)
			{
				c->error = strdup("out of memory");
				break;
			}
		}
		c->lat[c->n++] = t1 - t0;
		if (t1 >= end)
			break;
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	Client	   *clients;
	int			nclients;
	int			failed = 0;

	if (argc != 5 || (seconds = atof(argv[2])) <= 0 || (nclients = atoi(argv[3])) <= 0)
	{
		fprintf(stderr, "usage: %s CONNINFO SECONDS CLIENTS STATEMENT\n", argv[0]);
		return 2;
	}
	clients = calloc(nclients, sizeof(Client));
	pthread_barrier_init(&start, NULL, nclients);
	for (int i = 0; i < nclients; i++)
	{
		PGresult   *res;

		clients[i].conn = PQconnectdb(argv[1]);
		if (PQstatus(clients[i].conn) != CONNECTION_OK)
		{
			fprintf(stderr, "lat_client: %s", PQerrorMessage(clients[i].conn));
			return 1;
		}
		res = PQprepare(clients[i].conn, "s", argv[4], 0, NULL);
		if (PQresultStatus(res) != PGRES_COMMAND_OK)
		{
			fprintf(stderr, "lat_client: %s", PQresultErrorMessage(res));
			return 1;
		}
		PQclear(res);
	}
	for (int i = 0; i < nclients; i++)
		pthread_create(&clients[i].thread, NULL, run, &clients[i]);
	for (int i = 0; i < nclients; i++)
	{
		pthread_join(clients[i].thread, NULL);
		if (clients[i].error)
		{
			fprintf(stderr, "lat_client: client %d: %s", i, clients[i].error);
			failed = 1;
		}
		for (size_t j = 0; j < clients[i].n; j++)
			printf("%.4f\n", clients[i].lat[j]);
		PQfinish(clients[i].conn);
	}
	return failed;
}
