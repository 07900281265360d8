# nginx from Debian bookworm's packages, standing in for the nginx image (the Dockerfile's NGINX_BASE): the same
# paths (/usr/share/nginx/html, /etc/nginx/conf.d) and the same start-up step that fills in
# /etc/nginx/templates/*.template from the environment.
FROM crm-base:bookworm
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx gettext-base \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* /var/www/html \
 && mkdir -p /etc/nginx/templates /usr/share/nginx/html \
 && ln -sf /dev/stdout /var/log/nginx/access.log \
 && ln -sf /dev/stderr /var/log/nginx/error.log
COPY nginx-entrypoint.sh /usr/local/bin/nginx-entrypoint.sh
ENTRYPOINT ["/usr/local/bin/nginx-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
